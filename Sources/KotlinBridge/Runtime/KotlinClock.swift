/// How a runtime scope's `delay`s pass.
public enum KotlinClock: Sendable, Hashable {
  /// Delays take wall-clock time.
  case real
  /// Delays wait until ``KotlinRuntimeScope/advance(byMillis:)`` or
  /// ``KotlinRuntimeScope/advanceUntilIdle()`` reaches them.
  case virtual
  /// Virtual, and whenever the scope has nothing runnable, time jumps to the next delay
  /// (like kotlinx-coroutines-test's `runTest`): `ticks(periodMillis: 60_000, count: 3)` runs instantly.
  case virtualAutoAdvance
}
