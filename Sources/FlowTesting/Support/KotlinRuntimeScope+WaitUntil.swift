import KotlinBridge
import Testing

extension KotlinRuntimeScope {
  /// Waits until `condition` holds for this scope, checking again each time the task yields: for a
  /// state the test cannot await directly, such as "the call's delay is armed" before advancing a
  /// virtual clock. What makes the test deterministic is the condition; the timeout (10 s, or 30 s
  /// under a sanitizer, as the leak check's) only turns a hang into a failure. `condition` runs on the
  /// caller's actor, so a `@MainActor` test can read main-actor state in it.
  ///
  /// ```swift
  /// async let answer = viewModel.refresh()
  /// try await scope.waitUntil { $0.pendingDelayCount == 1 }  // refresh() waits in its delay
  /// scope.advance(byMillis: 500)
  /// ```
  ///
  /// - Throws: ``FlowTestingFailure`` (also recorded at the caller's line) when `condition` does not
  ///   hold within the timeout, naming the scope's counts.
  public func waitUntil(
    timeout: Duration? = nil, sourceLocation: SourceLocation = #_sourceLocation,
    isolation: isolated (any Actor)? = #isolation, _ condition: (KotlinRuntimeScope) -> Bool
  ) async throws {
    let clock = ContinuousClock()
    let limit = timeout ?? KotlinLeakCheck.defaultTimeout
    let deadline = clock.now.advanced(by: limit)
    while !condition(self) {
      if clock.now >= deadline {
        throw FlowTestingFailure.record(
          "The condition did not hold within \(FlowTurbine<Int>.format(limit)); the scope: \(snapshot())",
          at: sourceLocation)
      }
      await Task.yield()
    }
  }
}
