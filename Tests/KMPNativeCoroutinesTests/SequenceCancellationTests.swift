import FlowTesting
import KMPNativeCoroutinesAsync
import KMPNativeCoroutinesCore
import KMPNativeCoroutinesTestDoubles
import KotlinBridge
import KotlinTestDoubles
import Locking
import Testing

/// Cancelling the Swift task that loops over `asyncSequence(for:)` cancels the Kotlin collection:
/// the flow's `finally` runs, the launched job ends, and the leak check finds nothing.
@Suite(.kotlinLeakCheck(clock: .virtual), .timeLimit(.minutes(1)))
struct SequenceCancellationTests {
  @Test func cancellingWhileKotlinWaitsInADelay() async throws {
    let scope = try #require(KotlinRuntimeScope.current)
    let clock = FakeClock()
    let seen = Recorder<Int32>()
    let task = Task {
      for try await tick in asyncSequence(for: clock.ticks) { seen.append(tick) }
    }
    await scope.waitUntil { $0.liveCollections == 1 }  // the job collects `ticks`, waiting in delay(1_000)
    scope.advance(byMillis: 1_000)
    try await seen.waitForCount(1)
    _ = scope.waitUntilIdle(timeoutMillis: 10_000)
    #expect(scope.snapshot().liveCollections == 1)  // now waiting in its second delay
    task.cancel()
    try await task.value  // ends without an error
    await scope.waitUntil { $0.pendingCalls == 0 && $0.liveCollections == 0 }  // the fake lives on
    #expect(clock.finallyRuns.withLock { $0 } == 1)
    #expect(seen.values == [0])
    #expect(scope.currentTimeMillis == 1_000)  // the second delay never fired
  }

  @Test func cancellingBeforeTheFirstItem() async throws {
    let scope = try #require(KotlinRuntimeScope.current)
    let finallyRan = Locked(false)
    let never = flow { (_: FlowCollector<Int32>) in
      defer { finallyRan.withLock { $0 = true } }
      try await awaitCancellation()
    }
    let task = Task {
      for try await _ in asyncSequence(for: never.asNativeFlow()) { Issue.record("no item was emitted") }
    }
    await scope.waitUntil { $0.liveCollections == 1 }  // the job collects `never`, in awaitCancellation()
    task.cancel()
    try await task.value
    await scope.waitUntil { $0.pendingCalls == 0 && $0.liveCollections == 0 }  // the fake lives on
    #expect(finallyRan.withLock { $0 })
  }
}
