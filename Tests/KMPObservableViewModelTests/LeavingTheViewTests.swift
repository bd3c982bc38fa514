import FlowTesting
import HeadlessUI
import KotlinBridge
import Testing

/// When the view that owns the view model leaves, the view model is cleared: its coroutines are
/// cancelled (in their delays: virtual time never moves), `onCleared()` runs once, and nothing of
/// it is left in the Kotlin runtime.
@MainActor
@Suite(.kotlinLeakCheck(clock: .virtual), .timeLimit(.minutes(1)))
struct LeavingTheViewTests {
  @Test func unmountClearsTheViewModel() async throws {
    let scope = try #require(KotlinRuntimeScope.current)
    var viewModel: TimerViewModel? = TimerViewModel()
    let host = HeadlessHost(TimerScreen(viewModel: viewModel!))
    try await host.settle()
    try host.tap("Start")
    try host.tap("Load")
    try await host.settle()
    #expect(scope.snapshot().pendingCalls == 2)  // the ticker and the load, both in delay()
    #expect(viewModel?.cleared == false)

    await host.unmount()

    #expect(viewModel?.cleared == true)
    #expect(viewModel?.viewModelScope.coroutineScope.isCancelled == true)
    #expect(viewModel?.onClearedCalls.value == 1)
    viewModel = nil
    await expectNoKotlinLeaks(in: scope)
    #expect(scope.currentTimeMillis == 0)
  }
}
