import Locking

/// A one-time gate: `wait()` suspends until `open()` (at once after it). Any number of waiters.
final class Gate: Sendable {
  private enum State {
    case closed([CheckedContinuation<Void, Never>])
    case open
  }
  private let state = Locked(State.closed([]))

  func wait() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let openNow = state.withLock { state -> Bool in
        switch state {
        case .open: return true
        case .closed(let waiters):
          state = .closed(waiters + [continuation])
          return false
        }
      }
      if openNow { continuation.resume() }  // resumed after the lock is released
    }
  }

  func open() {
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      guard case .closed(let waiters) = state else { return [] }
      state = .open
      return waiters
    }
    for waiter in waiters { waiter.resume() }
  }
}
