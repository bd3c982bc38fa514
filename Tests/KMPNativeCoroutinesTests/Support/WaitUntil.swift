import KotlinBridge

extension KotlinRuntimeScope {
  /// Waits until `condition` holds for this scope's counts (a task started with `Task { }` may not
  /// have reached Kotlin yet), then until the Kotlin side is idle. Bounded only by the test's time limit.
  func waitUntil(_ condition: (KotlinRuntimeSnapshot) -> Bool) async {
    while !condition(snapshot()) { await Task.yield() }
    _ = waitUntilIdle(timeoutMillis: 10_000)
  }
}
