import HeadlessUI
import KotlinBridge
import Testing

/// Wrapping a view model again after it was cleared is a `fatalError` in KMP-ObservableViewModel on
/// iOS; here it is a misuse with the message, and nothing crashes.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct WrappingAClearedViewModelTests {
  @Test func reusingAClearedViewModelWouldCrashOnIOS() async throws {
    try await KotlinTestRuntime.withScope(clock: .virtual) { scope in
      let viewModel = TimerViewModel()
      let first = HeadlessHost(TimerScreen(viewModel: viewModel))
      try await first.settle()
      await first.unmount()
      #expect(viewModel.cleared)
      #expect(scope.snapshot().misuses == 0)

      let second = HeadlessHost(TimerScreen(viewModel: viewModel))
      try await second.settle()
      #expect(scope.snapshot().misuses == 1)
      let message = try #require(scope.lastMisuse)
      #expect(
        message.hasPrefix(
          "this would crash on iOS: KMP-ObservableViewModel: ObservableViewModel for TimerViewModel has been deallocated"
        ))
      #expect(viewModel.onClearedCalls.value == 1)  // not cleared twice
      await second.unmount()
    }
  }
}
