import KotlinBridge
import Locking

/// The events a collector task produced and the test has not consumed yet, plus the one waiter.
final class TurbineChannel<Element: Sendable>: Sendable {
  private struct State {
    var events: [FlowEvent<Element>] = []
    var waiter: CheckedContinuation<Void, Never>?
    var started = false
    var startWaiter: CheckedContinuation<Void, Never>?
  }

  private let state = Locked(State())

  func push(_ event: FlowEvent<Element>) {
    let waiter = state.withLock { state in
      state.events.append(event)
      defer { state.waiter = nil }
      return state.waiter
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
    if state.withLock({ !$0.events.isEmpty }) { return true }
    let timer = Task { [weak self] in
      try? await Task.sleep(for: timeout)  // a timeout, not synchronisation: it only ends a wait
      self?.wakeWaiter()
    }
    defer { timer.cancel() }
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let (ready, replaced) = state.withLock { state -> (Bool, CheckedContinuation<Void, Never>?) in
          if !state.events.isEmpty { return (true, nil) }
          defer { state.waiter = continuation }
          return (false, state.waiter)  // one waiter at a time; an older one just re-checks
        }
        replaced?.resume()
        if ready { continuation.resume() }
      }
    } onCancel: {
      wakeWaiter()
    }
    return state.withLock { !$0.events.isEmpty }
  }

  private func wakeWaiter() {
    let waiter = state.withLock { state in
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume()
  }
}
