import Locking

/// Holds collectors that have their values until all have them, so that the writer can stop
/// before any collection is cancelled.
///
/// Why: kotlin-stub's `ks_state_flow_set` signals the waiting collectors after unlocking the flow,
/// walking waiter nodes that live inside each collector's state; a collection cancelled meanwhile
/// frees its node under the walk (a use-after-free that crashed this workload). Until the stub
/// copies the list under its lock, cancelling only after the writer stopped avoids it.
final class CollectorGate: Sendable {
  private struct State {
    var arrived = 0
    var isOpen = false
    var parked: [CheckedContinuation<Void, Never>] = []
    var coordinator: CheckedContinuation<Void, Never>?
  }

  private let expected: Int
  private let state = Locked(State())

  init(expected: Int) {
    self.expected = expected
    state.withLock { $0.parked.reserveCapacity(expected) }
  }

  /// A collector has its values: counts it, then waits until `open()`.
  func arrive(isolation: isolated (any Actor)? = #isolation) async {
    await withCheckedContinuation(isolation: isolation) { (continuation: CheckedContinuation<Void, Never>) in
      let (resumeSelf, coordinator) = state.withLock { state -> (Bool, CheckedContinuation<Void, Never>?) in
        state.arrived += 1
        let coordinator = state.arrived == expected ? state.coordinator.take() : nil
        if state.isOpen { return (true, coordinator) }
        state.parked.append(continuation)
        return (false, coordinator)
      }
      coordinator?.resume()
      if resumeSelf { continuation.resume() }
    }
  }

  /// Returns once every collector has arrived.
  func allArrived(isolation: isolated (any Actor)? = #isolation) async {
    await withCheckedContinuation(isolation: isolation) { (continuation: CheckedContinuation<Void, Never>) in
      let done = state.withLock { state in
        if state.arrived >= expected { return true }
        state.coordinator = continuation
        return false
      }
      if done { continuation.resume() }
    }
  }

  /// Lets every collector go on (and leave its loop).
  func open() {
    let parked = state.withLock { state in
      state.isOpen = true
      return state.parked.take()
    }
    for continuation in parked { continuation.resume() }
  }
}

extension Array {
  /// The elements, leaving the array empty.
  fileprivate mutating func take() -> Array {
    defer { self = [] }
    return self
  }
}
