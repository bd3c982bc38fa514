import CInterop

/// Entry points to the Kotlin runtime's test support: global counts and scoped runs.
public enum KotlinTestRuntime {
  /// The whole process's counts (every scope together).
  ///
  /// ```swift
  /// #expect(KotlinTestRuntime.snapshot().liveCollections == 0)
  /// ```
  public static func snapshot() -> KotlinRuntimeSnapshot {
    var counters = shared_Counters()
    _ = shared_TestRuntime_counters(shared_Scope(pinned: nil), &counters)
    return KotlinRuntimeSnapshot(counters)
  }

  /// Blocks up to `timeoutMillis` until the Kotlin work started outside any scope has nothing
  /// running or queued; returns whether it is idle.
  public static func waitUntilIdle(timeoutMillis: Int64) -> Bool {
    shared_TestRuntime_awaitIdle(shared_Scope(pinned: nil), timeoutMillis)
  }

  /// Values or outcomes handed to waiting Swift tasks, outside any scope, not picked up yet.
  public static var pendingHandoffs: Int { HandoffCounter.global.pending }

  /// Runs `body` in a new runtime scope with its own clock and counts, then closes the scope
  /// (cancelling anything still running in it).
  ///
  /// Every collection and suspend call started inside `body` — in child tasks too — belongs to
  /// the scope, so `scope.snapshot()` sees only this body's work.
  ///
  /// ```swift
  /// try await KotlinTestRuntime.withScope(clock: .virtualAutoAdvance) { scope in
  ///   for try await tick in ticks(periodMillis: 60_000, count: 3).asAsyncSequence() { print(tick) }
  ///   #expect(scope.currentTimeMillis == 180_000)
  /// }
  /// ```
  /// - Parameters:
  ///   - clock: real time (default) or virtual time.
  ///   - body: the work to run in the scope.
  /// - Returns: what `body` returns.
  public static func withScope<R>(
    clock: KotlinClock = .real,
    isolation: isolated (any Actor)? = #isolation,
    _ body: (KotlinRuntimeScope) async throws -> R
  ) async throws -> R {
    let scope = try KotlinRuntimeScope(clock: clock)
    defer { scope.close() }
    return try await KotlinRuntimeScope.$current.withValue(scope) {
      try await body(scope)
    }
  }
}
