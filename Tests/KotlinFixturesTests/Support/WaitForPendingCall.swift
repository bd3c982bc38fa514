import KotlinFixtures

/// Waits until `scope` has a suspend call in flight (the Swift task has started it), checking every
/// millisecond: a condition, not a timing window, and without spinning the cooperative pool the way
/// a `Task.yield()` loop would when many tests run at once.
func waitForPendingCall(in scope: KotlinRuntimeScope) async throws {
  while scope.snapshot().pendingCalls == 0 {
    try await Task.sleep(for: .milliseconds(1))
  }
}
