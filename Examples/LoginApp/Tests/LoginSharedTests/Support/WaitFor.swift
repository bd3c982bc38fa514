import LoginShared
import Testing

extension KotlinRuntimeScope {
  /// Waits until `condition` holds for the scope's counts. The loop only guards against a hang; what
  /// makes the test deterministic is the condition itself.
  func waitFor(_ condition: (KotlinRuntimeSnapshot) -> Bool, sourceLocation: SourceLocation = #_sourceLocation)
    async throws
  {
    for _ in 0..<100_000 {
      if condition(snapshot()) { return }
      await Task.yield()
    }
    Issue.record("the condition never held: \(snapshot())", sourceLocation: sourceLocation)
  }
}
