import Locking

/// Values a consumer saw, read by the test; waits for a count with a condition, never a sleep.
final class Recorder<Value: Sendable>: Sendable {
  private let state = Locked<(values: [Value], waiters: [(Int, CheckedContinuation<Void, Never>)])>(([], []))

  func append(_ value: Value) {
    let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      state.values.append(value)
      let count = state.values.count
      let ready = state.waiters.filter { $0.0 <= count }.map(\.1)
      state.waiters.removeAll { $0.0 <= count }
      return ready
    }
    for continuation in ready { continuation.resume() }
  }

  var values: [Value] { state.withLock { $0.values } }

  /// Returns once `count` values were recorded.
  func waitForCount(_ count: Int) async throws {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let now = state.withLock { state -> Bool in
        if state.values.count >= count { return true }
        state.waiters.append((count, continuation))
        return false
      }
      if now { continuation.resume() }
    }
  }
}
