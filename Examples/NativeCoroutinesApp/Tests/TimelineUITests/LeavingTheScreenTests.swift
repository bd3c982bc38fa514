import FlowTesting
import HeadlessUI
import Testing
import TimelineShared
import TimelineUI

/// Leaving the screen cancels the `.task` loops and a refresh in flight: KMP-NativeCoroutines
/// forwards each Swift cancellation to its Kotlin job, whose `finally` runs before the job ends.
@MainActor
@Suite(.kotlinLeakCheck(clock: .virtual), .timeLimit(.minutes(1)))
struct LeavingTheScreenTests {
  @Test func unmountCancelsBothCollectionsAndTheRefresh() async throws {
    let scope = try #require(KotlinRuntimeScope.current)
    let host = HeadlessHost(TimelineView())
    try await host.settle()
    try host.tap("Refresh")
    try await host.settle()
    let busy = scope.snapshot()
    #expect(busy.pendingCalls == 3)  // two launched collection jobs and refresh(), in delay(2_000)
    #expect(busy.liveCollections == 2)  // the jobs' collections of `posts` and `connection`

    await host.unmount()

    await expectNoKotlinLeaks(in: scope)
    let after = scope.snapshot()
    #expect(after.producerFinallyRuns == after.collectionsStarted)
    #expect(scope.currentTimeMillis == 0)  // cancelled in their delays: no delay ever fired
  }
}
