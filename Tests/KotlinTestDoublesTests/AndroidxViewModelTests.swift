import AndroidxLifecycleDoubles
import FlowTesting
import KotlinBridge
import KotlinTestDoubles
import Locking
import Testing

/// class TickingViewModel : ViewModel() { … viewModelScope.launch { … } … override fun onCleared() }
private final class TickingViewModel: ViewModel, @unchecked Sendable {
  let count = MutableStateFlow<Int32>(0)
  let events = Locked<[String]>([])

  func startTicking() {
    viewModelScope.launch { [count] in
      count.value = 1  // before the first suspension: done when launch returns (Main.immediate)
      while true {
        try await delay(1_000)
        count.update { $0 + 1 }
      }
    }
  }

  override func onCleared() { events.withLock { $0.append("onCleared (scope active: \(viewModelScope.isActive))") } }
}

private final class Closer: AutoCloseable, @unchecked Sendable {
  let closed = Locked(false)
  func close() { closed.withLock { $0 = true } }
}

/// An app's IosViewModelStoreOwner, as the KMP samples write it.
private final class IosViewModelStoreOwner: ViewModelStoreOwner {
  let viewModelStore = ViewModelStore()
  deinit { viewModelStore.clear() }
}

private final class TickingFactory: ViewModelProviderFactory {
  func create(modelClass: ViewModel.Type, extras: CreationExtras) -> ViewModel { TickingViewModel() }
}

@Suite("androidx ViewModel, ViewModelStore, ViewModelStoreOwner", .kotlinLeakCheck(clock: .virtual))
struct AndroidxViewModelTests {
  @Test("viewModelScope starts in place, runs on the test's clock, and is cancelled when the store clears")
  func storeClearsTheViewModel() async throws {
    let runtime = try #require(KotlinRuntimeScope.current)
    var owner: IosViewModelStoreOwner? = IosViewModelStoreOwner()
    let viewModel = try #require(
      owner?.viewModelStore.resolveViewModel(modelClass: TickingViewModel.self, factory: TickingFactory())
        as? TickingViewModel)
    let closer = Closer()
    viewModel.addCloseable(closer)
    viewModel.startTicking()
    #expect(viewModel.count.value == 1)
    runtime.advance(byMillis: 2_000)
    #expect(viewModel.count.value == 3)
    #expect(
      owner?.viewModelStore.resolveViewModel(modelClass: TickingViewModel.self, factory: TickingFactory()) === viewModel
    )
    owner = nil  // the owner's deinit clears its store, as when SwiftUI drops the @StateObject
    #expect(viewModel.isCleared && closer.closed.withLock { $0 })
    #expect(viewModel.events.withLock { $0 } == ["onCleared (scope active: false)"])
    try await viewModel.viewModelScope.job.join()
  }
}
