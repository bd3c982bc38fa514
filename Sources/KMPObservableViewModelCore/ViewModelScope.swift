/// The Swift face of a Kotlin view model's `viewModelScope` (KMP-ObservableViewModel's
/// `ViewModelScope`, implemented in Kotlin).
///
/// Swift hands it the function that announces a change; Kotlin's `MutableStateFlow(viewModelScope, …)`
/// calls it before every change of value. A scope accepts one such function: a view model is wrapped
/// once (``observableViewModel(for:)`` caches the wrapper per view model).
///
/// ```swift
/// viewModel.viewModelScope.setSendObjectWillChange { publisher.send() }
/// ```
public protocol ViewModelScope: AnyObject, Sendable {
  /// Installs the function Kotlin calls before a state change (on the thread that makes the change).
  func setSendObjectWillChange(_ sendObjectWillChange: @escaping @Sendable () -> Void)
}
