import FlowTesting
import HeadlessUI
import KotlinBridge
import Testing

/// `@ObservedViewModel` and `@EnvironmentViewModel` redraw on Kotlin changes and do not own the view
/// model: it lives as long as some wrapper of it does, the owning `@StateViewModel` here.
@MainActor
@Suite(.kotlinLeakCheck(clock: .virtual), .timeLimit(.minutes(1)))
struct ObservedAndEnvironmentViewModelTests {
  @Test func childrenRedrawOnKotlinChanges() async throws {
    let viewModel = TimerViewModel()
    let host = HeadlessHost(TimerParent(viewModel: viewModel))
    try await host.settle()
    viewModel.increment()  // Kotlin code, here called from the test
    try await host.settle()
    #expect(host.frames.last?.contains(#"Text "details 1""#) == true)
    #expect(host.frames.last?.contains(#"Text "badge 1""#) == true)
    await host.unmount()
  }

  @Test func observingChildLeavingDoesNotClear() async throws {
    let viewModel = TimerViewModel()
    let host = HeadlessHost(TimerParent(viewModel: viewModel))
    try await host.settle()
    try host.tap("Hide details")
    try await host.settle()
    #expect(!viewModel.cleared)  // the parent's @StateViewModel still holds it
    viewModel.increment()
    try await host.settle()
    #expect(host.frames.last?.contains(#"Text "badge 1""#) == true)
    await host.unmount()
    #expect(viewModel.cleared)
  }

  @Test func lastObserverLeavingClears() async throws {
    let viewModel = TimerViewModel()
    let host = HeadlessHost(ObservingOnly(viewModel: viewModel))
    try await host.settle()
    #expect(!viewModel.cleared)
    await host.unmount()
    #expect(viewModel.cleared)  // as in the library: the last wrapper went
  }
}
