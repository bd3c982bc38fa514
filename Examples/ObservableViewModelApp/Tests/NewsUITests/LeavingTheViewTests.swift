import FlowTesting
import HeadlessUI
import NewsShared
import NewsUI
import Testing

/// Leaving the screen clears the view model (`@StateViewModel` owned it): the refresh waiting for the
/// server and the minute ticker are cancelled in their delays, and nothing is left in the Kotlin
/// runtime.
@MainActor
@Suite(.kotlinLeakCheck(clock: .virtual), .timeLimit(.minutes(1)))
struct LeavingTheViewTests {
  @Test func unmountCancelsTheViewModelsCoroutines() async throws {
    let scope = try #require(KotlinRuntimeScope.current)
    let host = HeadlessHost(NewsFeedView())
    try await host.settle()
    let busy = scope.snapshot()
    #expect(busy.pendingCalls == 2)  // the refresh (in the server's delay) and the ticker
    #expect(busy.liveStableRefs > 0)  // the view model, its scope, its flows, the repository

    await host.unmount()

    await expectNoKotlinLeaks(in: scope)
    #expect(scope.currentTimeMillis == 0)  // cancelled, not run to the end: no delay ever fired
  }
}
