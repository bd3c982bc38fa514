import KotlinFixtures
import Testing

/// Cancellation racing with delivery, with a failure, with back-pressure and with suspend calls,
/// repeated many times: every round must end with exactly one terminal outcome and nothing alive
/// in the scope (checked after each round, so a leak names its round).
@Suite("Cancellation races", .timeLimit(.minutes(2)))
struct CancellationRaceTests {
  private static let rounds = 200

  /// What a consumer task saw: how many elements, whether they were valid, how the loop ended, and
  /// what `next()` answered after that end.
  private struct Observation: Sendable {
    var count = 0
    var valid = true
    var terminal: Terminal = .none
    var afterEnd: Terminal = .none
  }

  private enum Terminal: Sendable, Equatable {
    case none, finished, cancelled, element
    case kotlin(String)  // the exception's Kotlin toString() (exceptions compare by identity)
    case other(String)

    init(_ error: any Error) {
      switch error {
      case is CancellationError: self = .cancelled
      case let exception as ExportedKotlinPackages.kotlin.Throwable: self = .kotlin(exception.toString())
      default: self = .other(String(describing: error))
      }
    }
  }

  /// Iterates `sequence` (validating elements with `isValid(previous, next)`), signals `firstArrived`
  /// after the first element, and records the end and one more `next()` after it.
  private static func consume<Element>(
    _ sequence: KotlinFlowSequence<Element>, firstArrived: AsyncStream<Void>.Continuation,
    isValid: (Element?, Element) -> Bool
  ) async -> Observation {
    defer { firstArrived.finish() }
    var observation = Observation()
    let iterator = sequence.makeAsyncIterator()
    var previous: Element?
    do {
      while let element = try await iterator.next() {
        observation.valid = observation.valid && isValid(previous, element)
        previous = element
        observation.count += 1
        if observation.count == 1 { firstArrived.yield() }
      }
      observation.terminal = .finished
    } catch {
      observation.terminal = Terminal(error)
    }
    do {
      observation.afterEnd = try await iterator.next() == nil ? .finished : .element
    } catch {
      observation.afterEnd = Terminal(error)
    }
    return observation
  }

  @Test("cancel a consumer while range(count: 1_000_000) is being delivered", arguments: Policies.all)
  func cancelDuringDelivery(policy: KotlinBufferingPolicy) async throws {
    try await withLeakCheckedScope { scope in
      for round in 0..<Self.rounds {
        do {  // the round's Swift wrappers are released before the leak check
          let sequence = range(count: 1_000_000).asAsyncSequence(bufferingPolicy: policy)
          let (firstElement, firstArrived) = AsyncStream<Void>.makeStream()
          let consumer = Task {
            await Self.consume(sequence, firstArrived: firstArrived) { previous, next in
              policy == .conflated ? next > (previous ?? -1) : next == (previous ?? -1) + 1
            }
          }
          // Some rounds cancel mid-delivery, the others race the cancellation with the start. While
          // an unbounded or conflated producer never waits, the stub delivers nothing before it ends
          // (see BufferingPolicyTests), so waiting for the first element costs a whole production of a
          // million elements: those policies do it in fewer rounds to keep the suite fast.
          let producerNeverWaits = policy == .unbounded || policy == .conflated
          if round.isMultiple(of: producerNeverWaits ? 20 : 2) { for await _ in firstElement { break } }
          consumer.cancel()
          let seen = await consumer.value
          #expect(seen.valid, "round \(round): elements out of order")
          if policy == .conflated {
            // The conflated producer never waits: it may finish before the cancellation lands.
            #expect(seen.terminal == .cancelled || seen.terminal == .finished, "round \(round): \(seen.terminal)")
          } else {
            // The whole range may be delivered before the cancellation lands (a slow test task under a
            // sanitizer, a fast batched drain): completion then wins, as Kotlin allows.
            let completedFirst = seen.terminal == .finished && seen.count == 1_000_000
            #expect(
              seen.terminal == .cancelled || completedFirst,
              "round \(round): ended with \(seen.terminal) after \(seen.count)")
          }
          #expect(seen.afterEnd == .finished, "round \(round): next() after the end answered \(seen.afterEnd)")
        }
        if !(await expectNoLeaks(scope)) { break }
      }
    }
  }

  @Test("cancel a consumer while failing() throws", arguments: Policies.all)
  func cancelDuringFailure(policy: KotlinBufferingPolicy) async throws {
    let failure = "kotlin.IllegalStateException: Flow has failed"
    let all: [Elem] = [Element1.shared, Element2.shared]
    try await withLeakCheckedScope { scope in
      for round in 0..<Self.rounds {
        do {  // the round's Swift wrappers are released before the leak check
          let sequence = failing().asAsyncSequence(bufferingPolicy: policy)
          let (firstElement, firstArrived) = AsyncStream<Void>.makeStream()
          let consumer = Task {
            await Self.consume(sequence, firstArrived: firstArrived) { previous, next in
              isSubsequence([previous, next].compactMap { $0 }, of: all)
            }
          }
          if round.isMultiple(of: 3) { for await _ in firstElement { break } }
          consumer.cancel()
          let seen = await consumer.value
          #expect(seen.valid, "round \(round): elements out of order")
          switch seen.terminal {
          case .cancelled: break
          case .kotlin(let exception):
            // The failure may win over the cancellation; elements not yet handed out are then dropped.
            #expect(exception == failure)
          default: Issue.record("round \(round): ended with \(seen.terminal)")
          }
          #expect(seen.afterEnd == .finished, "round \(round): next() after the end answered \(seen.afterEnd)")
        }
        if !(await expectNoLeaks(scope)) { break }
      }
    }
  }

  @Test("cancel a consumer that stopped asking while the producer is blocked by back-pressure (bounded(1))")
  func cancelUnderBackPressure() async throws {
    try await withLeakCheckedScope { scope in
      for round in 0..<Self.rounds {
        do {  // the round's Swift wrappers are released before the leak check
          let sequence = range(count: 1_000_000).asAsyncSequence(bufferingPolicy: .bounded(1))
          let (firstElement, firstArrived) = AsyncStream<Int32>.makeStream()
          let (neverEnding, keepOpen) = AsyncStream<Never>.makeStream()
          let consumer = Task {
            let iterator = sequence.makeAsyncIterator()
            let first = try await iterator.next()
            firstArrived.yield(first ?? -1)
            firstArrived.finish()
            for await _ in neverEnding {}  // stop asking; returns only once the task is cancelled
            // Odd rounds ask once more (cancelled task); even rounds just drop the iterator.
            if round.isMultiple(of: 2) { return Terminal.none }
            do {
              return try await iterator.next() == nil ? Terminal.finished : Terminal.element
            } catch {
              return Terminal(error)
            }
          }
          var firstValue: Int32?
          for await value in firstElement { firstValue = value }
          #expect(firstValue == 0, "round \(round)")
          consumer.cancel()
          let after = try await consumer.value
          #expect(after == (round.isMultiple(of: 2) ? .none : .cancelled), "round \(round): \(after)")
          keepOpen.finish()
        }
        if !(await expectNoLeaks(scope)) { break }
      }
    }
  }

  @Test("cancel suspend calls as they start: one outcome, finally exactly once, nothing pending")
  func cancelSuspendCalls() async throws {
    try await withLeakCheckedScope { scope in
      for round in 0..<Self.rounds {
        let finallyRuns = CallCounter()
        do {  // the round's Swift wrappers are released before the leak check
          let call = Task { () -> (Result<Int32, any Error>, finallyRunsAtReturn: Int) in
            do {
              let value = try await withFinally(delayMillis: 0) { finallyRuns.increment() }
              return (.success(value), finallyRuns.value)
            } catch {
              return (.failure(error), finallyRuns.value)
            }
          }
          let answerCall = Task { try await answer() }
          call.cancel()
          answerCall.cancel()
          let (result, runsAtReturn) = await call.value
          switch result {
          case .success(let value): #expect(value == 67)
          case .failure(let error): #expect(error is CancellationError, "round \(round): \(error)")
          }
          #expect(runsAtReturn == 1, "round \(round): onFinally ran \(runsAtReturn) times before the call returned")
          switch await answerCall.result {
          case .success(let value): #expect(value == 42)
          case .failure(let error): #expect(error is CancellationError, "round \(round): \(error)")
          }
        }
        if !(await expectNoLeaks(scope)) { break }
        #expect(finallyRuns.value == 1, "round \(round): onFinally ran again after the call returned")
      }
    }
  }
}
