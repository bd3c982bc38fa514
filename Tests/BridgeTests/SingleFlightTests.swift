import Dispatch
import KotlinBridge
import Locking
import Testing

/// A single-outstanding callback API (like `CLLocationManager.requestLocation()`): `start` begins a
/// request, `stopAll` stops every request in flight (like `stopUpdatingLocation()`), and the test
/// answers the requests still in flight through the bridge, as the delegate would.
final class SingleRequestAPI: Sendable {
  private let state = Locked<(started: Int, stops: Int, inFlight: Set<Int>)>((0, 0, []))
  let log = EventLog()

  func start() {
    let number = state.withLock { state -> Int in
      state.started += 1
      state.inFlight.insert(state.started)
      return state.started
    }
    log.record("started \(number)")
  }

  func stopAll() {
    state.withLock { state in
      state.stops += 1
      state.inFlight.removeAll()
    }
    log.record("stopped")
  }

  /// Answers every request in flight with `value` (the delegate call); returns how many it answered.
  @discardableResult
  func answerInFlight(_ bridge: SingleFlightBridge<Int>, with value: Int) -> Int {
    let answered = state.withLock { state -> Int in
      defer { state.inFlight.removeAll() }
      return state.inFlight.count
    }
    for _ in 0..<answered { bridge.resume(returning: value) }
    return answered
  }

  var started: Int { state.withLock { $0.started } }
  var stops: Int { state.withLock { $0.stops } }
  var inFlight: Int { state.withLock { $0.inFlight.count } }
}

@MainActor
@Suite("SingleFlightBridge", .timeLimit(.minutes(1)))
struct SingleFlightTests {
  @Test(".join: concurrent callers share one start and all get the pending request's answer")
  func joinSharesOneRequest() async throws {
    let bridge = SingleFlightBridge<Int>()
    let api = SingleRequestAPI()
    let callers = (0..<5).map { _ in
      onMain { try await bridge.run(start: { api.start() }, cancel: { api.stopAll() }) }
    }
    await drainMainActor()  // every caller has joined
    #expect(api.started == 1)
    #expect(bridge.isPending)
    #expect(api.answerInFlight(bridge, with: 42) == 1)
    for caller in callers { #expect(try await caller.value == 42) }
    #expect(api.stops == 0)
    #expect(!bridge.isPending)
    #expect(bridge.ignoredAnswers == 0)
  }

  @Test(".join: an error answer reaches every joined caller")
  func joinSharesError() async throws {
    let bridge = SingleFlightBridge<Int>()
    let api = SingleRequestAPI()
    let callers = (0..<3).map { _ in onMain { try await bridge.run(start: { api.start() }) } }
    await drainMainActor()
    #expect(bridge.resume(throwing: SourceError(code: 1)))
    for caller in callers { await #expect(throws: SourceError(code: 1)) { try await caller.value } }
    #expect(api.started == 1)
  }

  @Test(".failFast: a second caller throws SingleFlightError at once; the first still gets its answer")
  func failFast() async throws {
    let bridge = SingleFlightBridge<Int>(overlap: .failFast)
    let api = SingleRequestAPI()
    let first = onMain { try await bridge.run(start: { api.start() }) }
    await drainMainActor()
    await #expect(throws: SingleFlightError.self) { try await bridge.run(start: { api.start() }) }
    #expect(api.started == 1)
    api.answerInFlight(bridge, with: 7)
    #expect(try await first.value == 7)
    // Nothing pending any more: the next call starts a request again.
    let next = onMain { try await bridge.run(start: { api.start() }) }
    await drainMainActor()
    api.answerInFlight(bridge, with: 8)
    #expect(try await next.value == 8)
    #expect(api.started == 2)
  }

  @Test("Answers while nothing is pending are ignored and counted (ignoredAnswers)")
  func ignoredWhileIdle() {
    let bridge = SingleFlightBridge<Int>()
    #expect(!bridge.resume(returning: 1))
    #expect(!bridge.resume(throwing: SourceError(code: 2)))
    #expect(bridge.ignoredAnswers == 2)
    #expect(!bridge.isPending)
  }

  @Test("A duplicate answer right after the answer is ignored and counted")
  func duplicateAnswerIgnored() async throws {
    let bridge = SingleFlightBridge<Int>()
    let caller = onMain { try await bridge.run(start: {}) }
    await drainMainActor()
    #expect(bridge.resume(returning: 1))
    #expect(!bridge.resume(returning: 2))
    #expect(try await caller.value == 1)
    #expect(bridge.ignoredAnswers == 1)
  }

  @Test("Cancelling one of two joined callers: it throws CancellationError, the request goes on")
  func cancelOneOfTwo() async throws {
    let bridge = SingleFlightBridge<Int>()
    let api = SingleRequestAPI()
    let leaving = onMain { try await bridge.run(start: { api.start() }, cancel: { api.stopAll() }) }
    let staying = onMain { try await bridge.run(start: { api.start() }, cancel: { api.stopAll() }) }
    await drainMainActor()
    leaving.cancel()
    await #expect(throws: CancellationError.self) { try await leaving.value }
    #expect(api.stops == 0)
    #expect(bridge.isPending)
    api.answerInFlight(bridge, with: 3)
    #expect(try await staying.value == 3)
    #expect(api.started == 1)
  }

  @Test("Cancelling the last caller forwards cancel exactly once; the late answer is ignored and counted")
  func cancelLastForwardsOnce() async throws {
    let bridge = SingleFlightBridge<Int>()
    let api = SingleRequestAPI()
    let callers = (0..<2).map { _ in
      onMain { try await bridge.run(start: { api.start() }, cancel: { api.stopAll() }) }
    }
    await drainMainActor()
    for caller in callers {
      caller.cancel()
      await #expect(throws: CancellationError.self) { try await caller.value }
    }
    #expect(api.stops == 1)
    #expect(!bridge.isPending)
    #expect(!bridge.resume(returning: 1))  // the API answers anyway (late)
    #expect(bridge.ignoredAnswers == 1)
  }

  @Test("A caller's timeout ends it with OneShotTimeoutError and forwards cancel when it was the last")
  func timeoutLastCaller() async throws {
    let bridge = SingleFlightBridge<Int>()
    let api = SingleRequestAPI()
    let error = await #expect(throws: OneShotTimeoutError.self) {
      try await bridge.run(timeout: .milliseconds(20), start: { api.start() }, cancel: { api.stopAll() })
    }
    #expect(error?.timeout == .milliseconds(20))
    #expect(api.stops == 1)
    #expect(!bridge.isPending)
    #expect(!bridge.resume(returning: 1))
    #expect(bridge.ignoredAnswers == 1)
  }

  @Test("One joined caller's timeout does not cancel the request the other still waits for")
  func timeoutOfOneJoinedCaller() async throws {
    let bridge = SingleFlightBridge<Int>()
    let api = SingleRequestAPI()
    let patient = onMain { try await bridge.run(start: { api.start() }, cancel: { api.stopAll() }) }
    await drainMainActor()
    await #expect(throws: OneShotTimeoutError.self) {
      try await bridge.run(timeout: .milliseconds(20), start: { api.start() }, cancel: { api.stopAll() })
    }
    #expect(api.stops == 0)
    api.answerInFlight(bridge, with: 5)
    #expect(try await patient.value == 5)
    #expect(api.started == 1)
  }

  /// `run` decides to join (under the lock) and registers the joiner's waiter later (in a second
  /// critical section, inside `withOneShot`). An answer delivered in between goes to the callers
  /// registered so far, clears `pending` — and the joiner then registers into an idle bridge: no
  /// request is pending, none will be started, its wait never ends (or lasts until its timeout).
  ///
  /// Probed round after round until a joiner is orphaned (or 6 000 rounds or 40 s pass): the answering
  /// thread spins until the joiner says it is about to call `run`, then one of them spins a little
  /// more (a fraction of a microsecond per step). The offset follows the outcomes — joined in time
  /// moves the answer earlier, started anew moves it later — so it stays where the answer meets
  /// the joiner's window, whatever the machine's (or ThreadSanitizer's) speed. The joiner passes a
  /// `timeout:`, as callers may: the window then also holds the creation of `withOneShot`'s timer
  /// task. A joiner may legitimately miss the answer and start a new request (answered at once);
  /// it must never be left waiting.
  @Test("Race probe: a caller joining while the answer is delivered must get an answer, not wait forever")
  func joinRacingAnswer() async throws {
    let bridge = SingleFlightBridge<Int>()
    var orphaned: [String] = []
    var joinedInTime = 0
    var startedAnew = 0
    var center = 0  // the offset that puts the answer at the joiner's window, found as we go
    // A probe, not a measurement: it stops after 6 000 rounds or 40 s, whichever comes first, so that
    // under ThreadSanitizer on a loaded 2-core machine (10x slower) it ends inside the suite's time
    // limit. Fewer rounds find fewer orphans; they never make a correct bridge fail.
    let probeEnds = ContinuousClock.now + .seconds(40)
    for round in 0..<6_000 {
      if ContinuousClock.now >= probeEnds { break }
      let firstStarted = EventLog()
      let first = Task.detached { try await bridge.run(start: { firstStarted.record("started") }) }
      #expect(await firstStarted.wait(for: "started"))
      let ready = Locked(false)
      let offset = center + (round % 9) - 4  // < 0: the joiner spins first; > 0: the answer does
      DispatchQueue.global().async {
        let giveUp = ContinuousClock.now + .seconds(5)  // never spin forever
        while !ready.withLock({ $0 }), ContinuousClock.now < giveUp {}
        spin(offset)
        bridge.resume(returning: round)
      }
      let joiner = Task.detached {
        ready.withLock { $0 = true }
        spin(-offset)
        return try await bridge.run(
          timeout: .seconds(60),
          start: {
            DispatchQueue.global().async { bridge.resume(returning: -1) }  // a new request, answered
          })
      }
      #expect(try await boundedResult(of: first, within: .seconds(30)).value?.get() == round)
      // Both outcomes below take microseconds; the bound only turns a hang into a failure. It is
      // generous: under ThreadSanitizer, with the answering thread spinning on one of two cores, the
      // pool can take seconds to run the joiner's continuation.
      switch await boundedResult(of: joiner, within: .seconds(20)) {
      case .finished(.success(round)):
        joinedInTime += 1
        center -= 3  // the answer came after the joiner registered: send it earlier
      case .finished(.success(-1)):
        startedAnew += 1
        center += 3  // the answer came before the joiner joined: send it later
      case .finished(let other): orphaned.append("round \(round): unexpected \(other)")
      case .hung:
        orphaned.append("round \(round): the joiner was left waiting (bridge pending: \(bridge.isPending))")
        joiner.cancel()
        _ = await joiner.result
      }
      if !orphaned.isEmpty { break }
    }
    #expect(
      orphaned.isEmpty,
      "joined in time \(joinedInTime), started anew \(startedAnew), then: \(orphaned.joined(separator: "; "))")
  }

  /// `leave()` marks the bridge idle under its lock and calls `cancel` after unlocking. A caller
  /// arriving in between finds nothing pending and starts a fresh request — which the forwarded
  /// cancel then stops (`stopUpdatingLocation()` stops every request in flight). That caller waits
  /// for an answer that can never come. The window is opened deterministically: the forwarded
  /// cancel blocks (like a preempted thread) until the next caller has started its request.
  @Test("Race: a cancel forwarded for a caller that left must not stop the next caller's fresh request")
  func lateForwardedCancelStopsNextRequest() async throws {
    let bridge = SingleFlightBridge<Int>()
    let api = SingleRequestAPI()
    let mayProceed = DispatchSemaphore(value: 0)
    let leaving = Task {
      try await bridge.run(
        start: { api.start() },
        cancel: {
          api.log.record("cancel forwarded")
          _ = mayProceed.wait(timeout: .now() + 10)  // the canceller thread is preempted here
          api.stopAll()
        })
    }
    #expect(await api.log.wait(for: "started 1"))
    DispatchQueue.global().async { leaving.cancel() }  // the cancel handler runs on this thread
    #expect(await api.log.wait(for: "cancel forwarded"))

    // The next caller arrives while the forwarded cancel is still on its way. (The leaving task is
    // awaited only later: a task cannot finish while its own cancellation handler still runs.)
    // The bridge starts the next caller's request only once that cancel has returned, so the
    // cancel cannot stop it.
    let next = Task { try await bridge.run(start: { api.start() }, cancel: { api.stopAll() }) }
    let registered = await eventually { bridge.waitingCallers == 1 }
    #expect(registered, "the next caller registered")
    mayProceed.signal()
    #expect(await api.log.wait(for: "stopped"))
    #expect(await api.log.wait(for: "started 2"))
    await #expect(throws: CancellationError.self) { try await leaving.value }

    // The API answers what is still in flight: the next caller's request, unless it was stopped.
    let answered = api.answerInFlight(bridge, with: 99)
    // Decided by now: nothing else can answer; the bound only turns a hang into a failure.
    let outcome = await boundedResult(of: next, within: .seconds(5))
    #expect(
      answered == 1 && (try? outcome.value?.get()) == 99,
      """
      The next caller's request was stopped by the cancel forwarded for the caller that left \
      (answered: \(answered), next caller: \(outcome.isHung ? "hung, waiting forever" : "\(outcome)"))
      """)
    next.cancel()  // release it if it hung
    _ = await next.result
  }
}

/// Polls `condition` with yields, bounded (a hang guard, not synchronisation).
private func eventually(_ condition: @Sendable () -> Bool) async -> Bool {
  for _ in 0..<100_000 {
    if condition() { return true }
    await Task.yield()
  }
  return condition()
}
