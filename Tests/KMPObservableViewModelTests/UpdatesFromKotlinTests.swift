import FlowTesting
import HeadlessUI
import KotlinBridge
import Testing

/// Changes of the view model's `MutableStateFlow(viewModelScope, …)` — from a coroutine on virtual
/// time, or from a call the view makes — redraw the view; a plain `MutableStateFlow` does not.
@MainActor
@Suite(.kotlinLeakCheck(clock: .virtual), .timeLimit(.minutes(1)))
struct UpdatesFromKotlinTests {
  @Test func coroutineTicksRedrawTheView() async throws {
    let host = HeadlessHost(TimerScreen())
    try await host.settle()
    try host.tap("Start")
    try await host.settle()
    try await host.advanceTime(byMillis: 3_000)
    let seconds = host.frames.compactMap { frame in frame.split(separator: "\n").dropFirst().first }
    #expect(seconds == [#"  Text "0 s""#, #"  Text "1 s""#, #"  Text "2 s""#, #"  Text "3 s""#])
    await host.unmount()
  }

  @Test func plainMutableStateFlowDoesNotRedraw() async throws {
    let viewModel = TimerViewModel()
    let host = HeadlessHost(TimerScreen(viewModel: viewModel))
    try await host.settle()
    viewModel.unobserved.value = 5  // Kotlin: MutableStateFlow(0) without viewModelScope
    try await host.settle()
    #expect(!host.frames.joined().contains("unobserved 5"))
    viewModel.increment()  // an observed change redraws, and the view then reads both
    try await host.settle()
    #expect(host.frames.last?.contains("unobserved 5") == true)
    #expect(host.frames.last?.contains("1 s") == true)
    await host.unmount()
  }
}
