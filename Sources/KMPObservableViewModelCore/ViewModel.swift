import Combine

/// A Kotlin view model (KMP-ObservableViewModel's `ViewModel`), observable from SwiftUI.
///
/// On iOS the Kotlin class `com.rickclephas.kmp.observableviewmodel.ViewModel` reaches Swift as
/// `Kmp_observableviewmodel_coreViewModel`, and the app declares the conformance once, in a file of
/// its own (the library's setup step). Its `objectWillChange` is Combine's default publisher; the
/// Kotlin side announces changes on it through ``ViewModelScope/setSendObjectWillChange(_:)`` once
/// the view model is wrapped by ``observableViewModel(for:)`` (which `@StateViewModel` and its
/// siblings do).
///
/// ```swift
/// import KMPObservableViewModelCore
/// import shared  // your Kotlin module
///
/// extension Kmp_observableviewmodel_coreViewModel: @retroactive ViewModel {}
/// ```
public protocol ViewModel: ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
  /// The view model's `ViewModelScope`: Kotlin sends its state changes through it.
  var viewModelScope: any ViewModelScope { get }

  /// Clears the view model: cancels its `viewModelScope` and calls `onCleared()` in Kotlin.
  ///
  /// - Warning: the wrappers call this when the last ``ObservableViewModel`` of the view model goes
  ///   away (the view that owned it left). Do not call it yourself.
  func clear()
}
