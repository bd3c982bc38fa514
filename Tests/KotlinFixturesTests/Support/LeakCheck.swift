import FlowTesting
import KotlinFixtures
import Testing

/// Runs `body` in a fresh Kotlin runtime scope and, once `body` has returned (so every Swift
/// wrapper it made is gone), checks with FlowTesting's leak check that the scope is back to zero:
/// no live stable ref, collection or pending call, every producer ran its `finally`, no misuse.
///
/// Every test in this target goes through here (FlowTesting's `withKotlinLeakCheck`, which the
/// `.kotlinLeakCheck` trait also uses), so each one proves it leaked nothing.
func withLeakCheckedScope<R>(
  clock: KotlinClock = .real,
  isolation: isolated (any Actor)? = #isolation,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ body: (KotlinRuntimeScope) async throws -> R
) async throws -> R {
  try await withKotlinLeakCheck(clock: clock, sourceLocation: sourceLocation, isolation: isolation, body)
}

/// FlowTesting's leak check in the middle of a test (e.g. after each round of a loop).
@discardableResult
func expectNoLeaks(_ scope: KotlinRuntimeScope, sourceLocation: SourceLocation = #_sourceLocation) async -> Bool {
  await expectNoKotlinLeaks(in: scope, sourceLocation: sourceLocation)
}
