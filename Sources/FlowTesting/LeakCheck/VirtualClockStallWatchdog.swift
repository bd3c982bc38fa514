import KotlinBridge
import Testing

/// Ends a test that would otherwise wait forever on virtual time that nothing advances.
///
/// Under `clock: .virtual` only the test moves time (`advance(byMillis:)`, `advanceUntilIdle()`).
/// A test that awaits a Kotlin call parked in `delay` without advancing therefore hangs. Like
/// `runTest`'s timeout in kotlinx-coroutines-test, the watchdog turns that hang into a failure: when
/// Swift waits on Kotlin, Kotlin has nothing to run, delays are pending and none of that (nor virtual
/// time) changes for `window` of wall-clock time, it records an issue naming the pending delay and
/// cancels the scope's Kotlin work, so the awaiting code gets a cancellation and the test ends.
/// The window only guards against a hang; it never decides an outcome that a passing test depends on.
struct VirtualClockStallWatchdog: Sendable {
  let scope: KotlinRuntimeScope
  let window: Duration
  let location: SourceLocation

  /// What the watchdog compares between looks: any change means the test is still making progress.
  private struct Look: Equatable {
    let virtualTime: Int64
    let snapshot: KotlinRuntimeSnapshot
    let delays: Int
    let earliestDue: Int64?
  }

  /// Runs `body` under the watchdog (a no-op unless the scope's clock is `.virtual`).
  static func guarding<R>(
    _ scope: KotlinRuntimeScope, window: Duration, at location: SourceLocation,
    isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> R
  ) async throws -> R {
    guard scope.clock == .virtual else { return try await body() }
    let watchdog = VirtualClockStallWatchdog(scope: scope, window: window, location: location)
    // Not detached: the task inherits `Test.current`, so its issue is the running test's.
    let watching = Task { await watchdog.watch() }
    do {
      let result = try await body()
      watching.cancel()
      await watching.value
      return result
    } catch {
      watching.cancel()
      await watching.value
      throw error
    }
  }

  /// Looks every 50 ms until cancelled or until it has reported a stall.
  func watch() async {
    let clock = ContinuousClock()
    var unchanged: (look: Look, since: ContinuousClock.Instant)?
    while !Task.isCancelled {
      try? await Task.sleep(for: .milliseconds(50))
      guard !Task.isCancelled, let look = stalledLook() else {
        unchanged = nil
        continue
      }
      guard let previous = unchanged, previous.look == look else {
        unchanged = (look, clock.now)
        continue
      }
      if clock.now - previous.since >= window {
        report(look)
        scope.close()
        return
      }
    }
  }

  /// The scope's state if it looks stalled: Swift waits on Kotlin (a pending call or a collector
  /// asking for an item), Kotlin has no work queued or running, and a delay is pending.
  private func stalledLook() -> Look? {
    guard let delays = scope.pendingDelays, delays.count > 0 else { return nil }
    let snapshot = scope.snapshot()
    guard snapshot.pendingCalls > 0 || snapshot.waitingConsumers > 0 else { return nil }
    guard scope.waitUntilIdle(timeoutMillis: 0) else { return nil }
    return Look(
      virtualTime: scope.currentTimeMillis, snapshot: snapshot, delays: delays.count,
      earliestDue: delays.earliestDueMillis)
  }

  private func report(_ look: Look) {
    var waiting: [String] = []
    if look.snapshot.pendingCalls > 0 { waiting.append(plural(look.snapshot.pendingCalls, "suspend call")) }
    if look.snapshot.waitingConsumers > 0 { waiting.append(plural(look.snapshot.waitingConsumers, "flow collector")) }
    let due = look.earliestDue.map { "the earliest due at t=\($0) ms" } ?? "none due"
    FailureReporter.fail(
      "The test waited \(FlowTurbine<Int>.format(window)) on Kotlin (\(waiting.joined(separator: ", "))) while "
        + "virtual time stood still at t=\(look.virtualTime) ms with \(plural(look.delays, "delay")) pending, "
        + "\(due). Under clock: .virtual only the test moves time: call scope.advance(byMillis:) or "
        + "scope.advanceUntilIdle() while the call is in flight (start it with async let first), or use "
        + "clock: .virtualAutoAdvance, which moves time whenever both sides are idle, like runTest. "
        + "The scope's Kotlin work was cancelled to end the test.",
      at: location)
  }

  private func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
}
