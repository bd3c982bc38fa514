import KMPObservableViewModelCore
import KotlinBridge
import ObservableViewModelDoubles
import Testing

/// The Kotlin scope accepts one change function: a second one is Kotlin's IllegalStateException,
/// which would crash on iOS (an exception thrown into Swift); here it is a misuse, and the first
/// function stays.
@Suite(.timeLimit(.minutes(1)))
struct ScopeWrappedTwiceTests {
  @Test func secondSendObjectWillChangeWouldCrashOnIOS() async throws {
    try await KotlinTestRuntime.withScope { scope in
      let viewModel = TimerViewModel()
      viewModel.viewModelScope.setSendObjectWillChange {}
      #expect(scope.snapshot().misuses == 0)
      viewModel.viewModelScope.setSendObjectWillChange {}
      #expect(scope.snapshot().misuses == 1)
      #expect(
        scope.lastMisuse
          == "this would crash on iOS: KMP-ObservableViewModel: IllegalStateException: ViewModel can't be wrapped "
          + "more than once")
    }
  }
}
