import KotlinBridge
import Testing

extension KotlinRuntimeScope {
  /// Waits (a hang guard, not a timing assumption) until the scope's collections and calls are gone.
  func waitForQuiet() async throws {
    for _ in 0..<10_000 {
      let snapshot = snapshot()
      if snapshot.liveCollections == 0 && snapshot.pendingCalls == 0 && waitUntilIdle(timeoutMillis: 0) { return }
      try await Task.sleep(for: .milliseconds(1))
    }
    Issue.record("the scope did not go quiet: \(snapshot())")
  }
}

extension KotlinRuntimeScope {
  /// Waits (a hang guard, not a timing assumption) until `condition` holds for the scope's counts.
  func waitFor(_ condition: (KotlinRuntimeSnapshot) -> Bool) async throws {
    for _ in 0..<10_000 {
      if condition(snapshot()) { return }
      try await Task.sleep(for: .milliseconds(1))
    }
    Issue.record("the condition never held: \(snapshot())")
  }
}
