import FeedUI
import FlowTesting
import HeadlessUI
import Shared
import Testing

/// Leaving the screen cancels everything it started: `Observing`'s collection of the state, the
/// breaking-news collection, and the load call waiting for the server — nothing is left in the
/// Kotlin runtime, and no delay ever fired.
@MainActor
@Suite(.kotlinLeakCheck(clock: .virtual), .timeLimit(.minutes(1)))
struct LeavingTheViewTests {
  @Test func unmountCancelsCollectionsAndTheCall() async throws {
    let scope = try #require(KotlinRuntimeScope.current)
    let host = HeadlessHost(FeedView())
    try await host.settle()
    let busy = scope.snapshot()
    #expect(busy.pendingCalls == 1)  // load(), in the server's delay
    #expect(busy.liveCollections == 2)  // Observing(viewModel.state) and collect(flow: breakingNews)

    await host.unmount()

    await expectNoKotlinLeaks(in: scope)
    #expect(scope.currentTimeMillis == 0)
  }
}
