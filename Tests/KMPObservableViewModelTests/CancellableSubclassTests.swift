import Combine
import FlowTesting
import HeadlessUI
import KMPObservableViewModelSwiftUI
import KotlinBridge
import KotlinTestDoubles
import ObservableViewModelDoubles
import SwiftUI
import Testing

/// A Swift subclass of a Kotlin view model that is `Cancellable` (to stop its own Combine work) is
/// cancelled before the view model is cleared, as KMP-ObservableViewModel promises.
final class CancellableTimerViewModel: Kmp_observableviewmodel_coreViewModel, Cancellable, @unchecked Sendable {
  // @unchecked Sendable: the event log is a Kotlin state flow (thread-safe).
  let events = MutableStateFlow<[String]>([])

  func cancel() { events.update { $0 + ["cancel"] } }
  override func onCleared() {
    events.update { $0 + ["onCleared (scope cancelled: \(viewModelScope.coroutineScope.isCancelled))"] }
  }
}

struct CancellableScreen: View {
  @StateViewModel var viewModel: CancellableTimerViewModel

  var body: some View { Text("screen") }
}

@MainActor
@Suite(.kotlinLeakCheck(clock: .virtual), .timeLimit(.minutes(1)))
struct CancellableSubclassTests {
  @Test func cancelRunsBeforeClear() async throws {
    let viewModel = CancellableTimerViewModel()
    let host = HeadlessHost(CancellableScreen(viewModel: viewModel))
    try await host.settle()
    #expect(viewModel.events.value.isEmpty)
    await host.unmount()
    #expect(viewModel.events.value == ["cancel", "onCleared (scope cancelled: true)"])
  }
}
