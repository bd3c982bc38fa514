import FlowTesting
import HeadlessUI
import KotlinBridge
import Testing

/// The first frame shows the Kotlin view model's initial state, read through `@StateViewModel`.
@MainActor
@Suite(.kotlinLeakCheck(clock: .virtual), .timeLimit(.minutes(1)))
struct InitialStateTests {
  @Test func firstFrameShowsInitialState() async throws {
    let host = HeadlessHost(TimerScreen())
    try await host.settle()
    #expect(
      host.frames == [
        """
        VStack
          Text "0 s"
          Text "idle"
          Text "unobserved 0"
          Button "Start"
          Button "Load"
          Button "Fail"
        """
      ])
    await host.unmount()
  }
}
