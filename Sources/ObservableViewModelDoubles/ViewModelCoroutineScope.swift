import KMPObservableViewModelCore
import KotlinTestDoubles
import Locking

/// A view model's `viewModelScope.coroutineScope`: Kotlin's `CoroutineScope` of the view model
/// (a supervisor job, cancelled when the view model is cleared), so its coroutines run in the Kotlin
/// runtime: counted, on the test's clock, cancelled with the view model.
///
/// ```swift
/// public func refresh() {
///   viewModelScope.coroutineScope.launch { [_items] in
///     try await delay(1_000)
///     _items.value = ["one", "two"]
///   }
/// }
/// ```
///
/// An error other than cancellation escaping a coroutine is an uncaught exception, which terminates
/// the app on iOS (Kotlin/Native's default handler): it is reported as "this would crash on iOS: …"
/// (the leak check fails with it). Catch errors inside the coroutine, as the Kotlin code must.
public typealias ViewModelCoroutineScope = CoroutineScope

extension CoroutineScope {
  /// The scope of a fake view model: androidx's `viewModelScope` (a supervisor job on
  /// `Dispatchers.Main.immediate`, so a launch runs in place until its first suspension) whose
  /// uncaught exceptions are crashes on iOS.
  static func viewModelCoroutineScope() -> CoroutineScope {
    CoroutineScope(job: SupervisorJob(), dispatcher: .mainImmediate) { error in
      IOSCrash.report(
        "an exception escaped viewModelScope.coroutineScope.launch { } (\(error)); Kotlin/Native terminates the "
          + "app on an uncaught exception in a coroutine: catch it inside the coroutine")
    }
  }

  /// Whether the scope was cancelled (the view model was cleared).
  public var isCancelled: Bool { job.isCancelled }
}

extension ViewModelScope {
  /// The coroutine scope of a fake view model's scope (Kotlin's `ViewModelScope.coroutineScope`).
  ///
  /// ```swift
  /// viewModelScope.coroutineScope.launch { try await delay(500) }
  /// ```
  public var coroutineScope: ViewModelCoroutineScope {
    guard let native = self as? NativeViewModelScope else {
      preconditionFailure(
        "\(type(of: self)) is not the scope of a Kmp_observableviewmodel_coreViewModel: only the fake Kotlin "
          + "view models of ObservableViewModelDoubles have a coroutineScope")
    }
    return native.coroutineScope
  }
}
