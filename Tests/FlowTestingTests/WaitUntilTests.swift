import FlowTesting
import KotlinFixtures
import Testing

/// `scope.waitUntil { … }` hands its condition the scope's counts (one snapshot) and the scope's own
/// properties, so both the README's `$0.pendingDelayCount` and `$0.liveCollections` read as written.
@Suite("waitUntil", .timeLimit(.minutes(1)))
struct WaitUntilTests {
  @Test("the README's form: wait for the call's delay, advance, get the answer", .kotlinLeakCheck(clock: .virtual))
  func readmeForm() async throws {
    let scope = try #require(KotlinRuntimeScope.current)
    async let answer = callAfter(delayMillis: 1_000) { 42 }
    try await scope.waitUntil { $0.pendingDelayCount == 1 }  // the call's delay is armed
    scope.advance(byMillis: 1_000)
    #expect(try await answer == 42)
  }

  @Test("counts of the snapshot and properties of the scope in one condition", .kotlinLeakCheck(clock: .virtual))
  func countsAndProperties() async throws {
    let scope = try #require(KotlinRuntimeScope.current)
    let collecting = Task {
      var seen: [Int64] = []
      for try await tick in ticks(periodMillis: 1_000, count: 1).asAsyncSequence() { seen.append(tick) }
      return seen
    }
    try await scope.waitUntil { $0.liveCollections == 1 && $0.pendingDelayCount == 1 && $0.currentTimeMillis == 0 }
    scope.advance(byMillis: 1_000)
    #expect(try await collecting.value == [0])
    try await scope.waitUntil { $0.liveCollections == 0 && $0.isQuiescent }
  }

  /// Conditions written when it handed over the scope itself still compile and read the same.
  @Test("a condition written for the scope: $0.snapshot() and scope properties", .kotlinLeakCheck(clock: .virtual))
  func writtenForTheScope() async throws {
    let scope = try #require(KotlinRuntimeScope.current)
    async let answer = callAfter(delayMillis: 500) { 7 }
    try await scope.waitUntil { $0.snapshot().pendingCalls == 1 && $0.nextDelayDueMillis == 500 }
    try await scope.waitUntil { state in state.scope === scope && state.clock == .virtual }
    scope.advance(byMillis: 500)
    #expect(try await answer == 7)
  }

  @Test("a condition that never holds fails after the timeout, naming the counts", .kotlinLeakCheck)
  func timeout() async throws {
    let scope = try #require(KotlinRuntimeScope.current)
    let captured = await captureIssues {
      try await scope.waitUntil(timeout: .milliseconds(50)) { $0.liveCollections == 1 }
    }
    captured.expectSingleFailure(
      "The condition did not hold within 50ms; the scope: liveStableRefs: 0, liveCollections: 0, pendingCalls: 0, "
        + "misuses: 0")
  }
}
