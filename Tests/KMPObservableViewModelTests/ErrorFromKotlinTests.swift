import FlowTesting
import HeadlessUI
import KotlinBridge
import Testing

/// A Kotlin exception the view model catches becomes state the view shows; one that escapes a
/// `viewModelScope` coroutine would terminate the app on iOS, and is reported as such.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct ErrorFromKotlinTests {
  @Test(.kotlinLeakCheck(clock: .virtual))
  func caughtExceptionIsShown() async throws {
    let host = HeadlessHost(TimerScreen())
    try await host.settle()
    try host.tap("Fail")
    try await host.settle()
    try await host.advanceTime(byMillis: 500)
    let statuses = host.frames.map { $0.split(separator: "\n")[2] }
    #expect(statuses == [#"  Text "idle""#, #"  Text "loading""#, #"  Text "failed: server unavailable""#])
    await host.unmount()
  }

  @Test func uncaughtExceptionWouldCrashOnIOS() async throws {
    try await KotlinTestRuntime.withScope(clock: .virtual) { scope in
      let viewModel = TimerViewModel()
      let host = HeadlessHost(TimerScreen(viewModel: viewModel))
      try await host.settle()
      viewModel.loadUnguarded()
      try await host.advanceTime(byMillis: 500)
      #expect(scope.snapshot().misuses == 1)
      let message = try #require(scope.lastMisuse)
      #expect(message.hasPrefix("this would crash on iOS: KMP-ObservableViewModel: an exception escaped"))
      #expect(message.contains("server unavailable"))
      await host.unmount()
    }
  }
}
