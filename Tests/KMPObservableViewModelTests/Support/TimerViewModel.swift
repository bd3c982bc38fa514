import KotlinBridge
import KotlinTestDoubles
import ObservableViewModelDoubles

/// A fake of this Kotlin view model:
///
/// ```kotlin
/// class TimerViewModel(private val api: Api) : ViewModel() {
///     private val _seconds = MutableStateFlow(viewModelScope, 0)
///     @NativeCoroutinesState val seconds = _seconds.asStateFlow()
///     private val _status = MutableStateFlow(viewModelScope, "idle")
///     @NativeCoroutinesState val status = _status.asStateFlow()
///     val unobserved = MutableStateFlow(0)  // no viewModelScope: SwiftUI is not told
///
///     fun start() = viewModelScope.coroutineScope.launch { while (true) { delay(1_000); _seconds.update { it + 1 } } }
///     fun load(fail: Boolean) = viewModelScope.coroutineScope.launch {
///         _status.value = "loading"
///         try { _status.value = api.fetch(fail) } catch (e: IllegalStateException) { _status.value = "failed: ${e.message}" }
///     }
///     fun loadUnguarded() = viewModelScope.coroutineScope.launch { _status.value = api.fetch(fail = true) }
///     override fun onCleared() { clearedCount++ }
/// }
/// ```
final class TimerViewModel: Kmp_observableviewmodel_coreViewModel, @unchecked Sendable {
  // @unchecked Sendable: immutable stored properties only; the flows and the counter are thread-safe.
  private let _seconds = ObservableMutableStateFlow<Int32>(0)
  private let _status = ObservableMutableStateFlow<String>("idle")
  private let _label = ObservableMutableStateFlow<String>("timer")
  let unobserved = MutableStateFlow<Int32>(0)
  let onClearedCalls = MutableStateFlow<Int32>(0)

  var seconds: Int32 { _seconds.value }
  var status: String { _status.value }
  /// A settable property (`@NativeCoroutinesState` over a `MutableStateFlow` generates a setter).
  var label: String {
    get { _label.value }
    set { _label.value = newValue }
  }
  var secondsFlow: any KotlinTypedStateFlow<Int32> { _seconds }

  func increment() { _seconds.update { $0 + 1 } }

  func start() {
    viewModelScope.coroutineScope.launch { [_seconds] in
      while true {
        try await delay(1_000)
        _seconds.update { $0 + 1 }
      }
    }
  }

  func load(fail: Bool) {
    viewModelScope.coroutineScope.launch { [_status] in
      _status.value = "loading"
      do {
        _status.value = try await Self.fetch(fail: fail)
      } catch let exception as ExportedKotlinPackages.kotlin.Throwable {
        _status.value = "failed: \(exception.message ?? "")"
      }
    }
  }

  func loadUnguarded() {
    viewModelScope.coroutineScope.launch { [_status] in
      _status.value = try await Self.fetch(fail: true)
    }
  }

  override func onCleared() { onClearedCalls.value += 1 }

  /// The API call: 500 ms, then a result or Kotlin's IllegalStateException.
  private static func fetch(fail: Bool) async throws -> String {
    try await delay(500)
    if fail { throw ExportedKotlinPackages.kotlin.IllegalStateException(message: "server unavailable") }
    return "loaded"
  }
}
