import KotlinBridge
import Locking

/// The events a collector task produced and the test has not consumed yet, plus the one waiter.
final class TurbineChannel<Element: Sendable>: Sendable {
  private struct State {
    var events: [FlowEvent<Element>] = []
    var waiter: (token: Int, continuation: CheckedContinuation<Void, Never>)?
    var nextToken = 0
    var started = false
    var startWaiter: CheckedContinuation<Void, Never>?
    /// The collector is inside `next()`: it has pushed everything it received so far.
    var collectorWaiting = false
    var collectorDone = false
    /// Kotlin waits the collector started minus those Kotlin answered (see CollectorKotlinWaits):
    /// positive while it is parked on Kotlin. The two calls can come in either order.
    var kotlinWaitBalance = 0
    /// Bumped by every answer from Kotlin: a check that sees it unchanged saw no answer in between.
    var kotlinAnswers: UInt64 = 0
    /// The sequence is Kotlin-backed: known from the start for a `KotlinFlowSequence`, otherwise
    /// learned at the collector's first wait on Kotlin.
    var kotlinBacked = false
  }

  private let state: Locked<State>

  /// - Parameter kotlinBacked: the sequence is known to be Kotlin-backed before it is iterated, so
  ///   the collector counts as caught up only once it is parked on Kotlin — including before its
  ///   first `next()` has reached the Kotlin runtime (a guess there let `expectNoEvents` return
  ///   before a slow collector had even started the collection).
  init(kotlinBacked: Bool = false) {
    var state = State()
    state.kotlinBacked = kotlinBacked
    self.state = Locked(state)
  }

  func push(_ event: FlowEvent<Element>) {
    let waiter = state.withLock { state in
      state.events.append(event)
      defer { state.waiter = nil }
      return state.waiter?.continuation
    }
    waiter?.resume()
  }

  /// Called by the collector right before it starts iterating.
  func markStarted() {
    let waiter = state.withLock { state in
      state.started = true
      defer { state.startWaiter = nil }
      return state.startWaiter
    }
    waiter?.resume()
  }

  func awaitStarted() async {
    await withCheckedContinuation { continuation in
      let ready = state.withLock { state in
        if state.started { return true }
        state.startWaiter = continuation
        return false
      }
      if ready { continuation.resume() }
    }
  }

  /// The collector enters (`true`) or leaves (`false`) `next()`.
  func collectorWaiting(_ waiting: Bool) { state.withLock { $0.collectorWaiting = waiting } }

  /// The sequence is Kotlin-backed (known in advance, or it has waited on Kotlin).
  var isKotlinBacked: Bool { state.withLock { $0.kotlinBacked } }

  func collectorFinished() { state.withLock { $0.collectorDone = true } }

  /// The collector's `next()` started waiting on Kotlin (its request is with the Kotlin runtime).
  func collectorWaitsOnKotlin() {
    state.withLock { state in
      state.kotlinWaitBalance += 1
      state.kotlinBacked = true
    }
  }

  /// Kotlin answered the collector's wait (called before the answer is counted as a handoff).
  func kotlinAnsweredCollector() {
    state.withLock { state in
      state.kotlinWaitBalance -= 1
      state.kotlinAnswers &+= 1
    }
  }

  /// Where the collector stands, for `letCollectorCatchUp`.
  struct CatchUp: Equatable {
    /// It has pushed everything it received: it waits in `next()` or has ended.
    var caughtUp: Bool
    /// Known exactly, not guessed: it has ended, or it is parked on Kotlin.
    var exact: Bool
    var kotlinAnswers: UInt64
  }

  var catchUp: CatchUp {
    state.withLock { state in
      let parked = state.collectorWaiting && state.kotlinWaitBalance > 0
      // A Kotlin-backed sequence is caught up only while parked there; any other (an AsyncStream,
      // say) is taken to be caught up whenever it is inside next().
      let waiting = state.kotlinBacked ? parked : state.collectorWaiting
      return CatchUp(
        caughtUp: state.collectorDone || waiting, exact: state.collectorDone || parked,
        kotlinAnswers: state.kotlinAnswers)
    }
  }

  func takeFirst() -> FlowEvent<Element>? {
    state.withLock { $0.events.isEmpty ? nil : $0.events.removeFirst() }
  }

  func takeAll() -> [FlowEvent<Element>] {
    state.withLock { state in
      defer { state.events.removeAll() }
      return state.events
    }
  }

  var pending: [FlowEvent<Element>] { state.withLock { $0.events } }

  /// Waits until an event is available or `timeout` of wall-clock time passed; true if one is.
  func waitForEvent(timeout: Duration) async -> Bool {
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let registered: (token: Int, replaced: CheckedContinuation<Void, Never>?)? = state.withLock { state in
          if !state.events.isEmpty { return nil }
          let token = state.nextToken
          state.nextToken += 1
          defer { state.waiter = (token, continuation) }
          return (token, state.waiter?.continuation)  // one waiter at a time; an older one re-checks
        }
        guard let registered else {
          continuation.resume()
          return
        }
        registered.replaced?.resume()
        // The timer starts only once the waiter is stored, so its wake-up cannot be lost, and it
        // wakes only this waiter (by token), never a later one.
        Task { [weak self] in
          do {
            try await Task.sleep(for: timeout)  // a timeout, not synchronisation
          } catch {
            return  // cancelled: the wait is over already
          }
          self?.wake(token: registered.token)
        }
      }
    } onCancel: {
      wakeAny()
    }
    return state.withLock { !$0.events.isEmpty }
  }

  private func wake(token: Int) {
    let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
      guard let waiter = state.waiter, waiter.token == token else { return nil }
      state.waiter = nil
      return waiter.continuation
    }
    waiter?.resume()
  }

  private func wakeAny() {
    let waiter = state.withLock { state in
      defer { state.waiter = nil }
      return state.waiter?.continuation
    }
    waiter?.resume()
  }
}
