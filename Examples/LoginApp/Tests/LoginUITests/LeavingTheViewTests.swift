import FlowTesting
import HeadlessUI
import LoginShared
import LoginUI
import Testing

/// Leaving the screen while the login call is in flight cancels the call and both collections, and
/// releases the view model: the suite's leak check is green.
@MainActor
@Suite(.kotlinLeakCheck(clock: .virtual), .timeLimit(.minutes(1)))
struct LeavingTheViewTests {
  @Test("unmount cancels the state and messages collections and the login call in flight")
  func unmountCancelsEverything() async throws {
    let scope = try #require(KotlinRuntimeScope.current)
    let host = HeadlessHost(LoginView(user: "ann", password: "secret"))
    try await host.settle()
    try host.tap("Log in")
    try await host.settle()
    let busy = scope.snapshot()
    #expect(busy.pendingCalls == 1)  // login, waiting in delay(1_000)
    #expect(busy.liveCollections == 2)  // ObservingView's state, and the messages .task
    #expect(busy.liveStableRefs > 0)  // the view model and its flows

    await host.unmount()

    await expectNoKotlinLeaks(in: scope)
    let after = scope.snapshot()
    #expect(after.producerFinallyRuns == after.collectionsStarted)
    #expect(scope.currentTimeMillis == 0)  // cancelled in their delays: no delay ever fired
  }
}
