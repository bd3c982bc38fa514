import KMPObservableViewModelCore
import KotlinTestDoubles
import Locking

/// Kotlin's `com.rickclephas.kmp.observableviewmodel.ViewModel`, under the name iOS code sees
/// (`Kmp_observableviewmodel_coreViewModel`): subclass it for your fake module's view models.
///
/// It is a Kotlin object (counted by the leak check) with a ``viewModelScope``. State the view
/// should follow goes in ``ObservableMutableStateFlow``s (Kotlin's `MutableStateFlow(viewModelScope, …)`):
/// setting one announces the change to SwiftUI once the view model is wrapped by `@StateViewModel`
/// and its siblings. Work goes in `viewModelScope.coroutineScope.launch { … }`: ``clear()``
/// cancels it, then calls ``onCleared()``.
///
/// As on iOS, the app declares the `ViewModel` conformance itself:
///
/// ```swift
/// // The fake Kotlin module:
/// open class TimeTravelViewModel: Kmp_observableviewmodel_coreViewModel, @unchecked Sendable {
///   private let _isRunning = ObservableMutableStateFlow(false)  // MutableStateFlow(viewModelScope, false)
///   public var isRunning: Bool { _isRunning.value }  // what @NativeCoroutinesState exposes
///   public func start() { _isRunning.value = true }
/// }
///
/// // The app (KMPObservableViewModel.swift):
/// extension Kmp_observableviewmodel_coreViewModel: @retroactive ViewModel {}
/// ```
open class Kmp_observableviewmodel_coreViewModel: KotlinObject, @unchecked Sendable {
  // @unchecked Sendable: the stored properties are immutable; the scope and flag are thread-safe.

  /// The view model's scope: SwiftUI's change announcements go through it, and its
  /// `coroutineScope` runs the view model's coroutines until the view model is cleared.
  public let viewModelScope: any ViewModelScope
  private let nativeScope: NativeViewModelScope
  private let isCleared = Locked(false)

  /// Creates the Kotlin object and its `viewModelScope`; `className` defaults to the Swift class's name.
  public override init(className: String? = nil) {
    let scope = NativeViewModelScope()
    nativeScope = scope
    viewModelScope = scope
    super.init(className: className)
    scope.attach(to: self)
  }

  /// Cancels `viewModelScope`'s coroutines, then calls ``onCleared()``; later calls do nothing.
  /// KMP-ObservableViewModel's wrappers call it when the last view holding the view model goes away.
  public func clear() {
    let first = isCleared.withLock { cleared in
      defer { cleared = true }
      return !cleared
    }
    guard first else { return }
    nativeScope.coroutineScope.cancel()
    onCleared()
  }

  /// Whether ``clear()`` ran (the view that owned the view model went away).
  public var cleared: Bool { isCleared.withLock { $0 } }

  /// Called once, when the view model is cleared, after its coroutines were cancelled.
  open func onCleared() {}
}
