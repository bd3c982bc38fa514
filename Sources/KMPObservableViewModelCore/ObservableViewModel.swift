import Combine

/// Wraps `viewModel` in an `ObservableObject` that SwiftUI can observe, as `@StateViewModel`,
/// `@ObservedViewModel` and `.environmentViewModel(_:)` do.
///
/// Wrappers of one view model share its lifetime: the view model is cleared (its `viewModelScope`
/// cancelled, `onCleared()` called; first `cancel()` if it is `Cancellable`) when the last wrapper of
/// it goes away. Wrapping a view model again after that would crash on iOS (KMP-ObservableViewModel's
/// `fatalError("ObservableViewModel has been deallocated")`); here it is reported as a misuse of the
/// Kotlin runtime, which fails the test's leak check with the message.
///
/// ```swift
/// let observable = observableViewModel(for: viewModel)
/// let changes = observable.objectWillChange.sink { print("will change") }
/// ```
public func observableViewModel<VM: ViewModel>(for viewModel: VM) -> ObservableViewModel<VM> {
  ObservableViewModel(wrapping: viewModel)
}

/// Wraps an optional view model; `nil` stays `nil`.
///
/// ```swift
/// let child: ObservableViewModel<DetailViewModel>? = observableViewModel(for: parent.detail)
/// ```
public func observableViewModel<VM: ViewModel>(for viewModel: VM?) -> ObservableViewModel<VM>? {
  guard let viewModel else { return nil }
  return ObservableViewModel(wrapping: viewModel)
}

/// An `ObservableObject` for a Kotlin ``ViewModel``: it announces the view model's changes and
/// keeps the view model from being cleared while it exists.
///
/// ```swift
/// @StateObject var observable = observableViewModel(for: TimeTravelViewModel())
/// // observable.viewModel is the Kotlin view model
/// ```
public final class ObservableViewModel<VM: ViewModel>: ObservableObject, Hashable {
  /// The view model's `objectWillChange`: Kotlin state changes are announced on it.
  public let objectWillChange: ObservableObjectPublisher

  /// The observed view model.
  public let viewModel: VM

  /// Shared by every wrapper of `viewModel`; the last one to go clears the view model.
  private let lifetime: ViewModelLifetime

  init(wrapping viewModel: VM) {
    self.lifetime = ViewModelLifetimes.shared.lifetime(for: viewModel)
    self.viewModel = viewModel
    self.objectWillChange = viewModel.objectWillChange
  }

  public static func == (lhs: ObservableViewModel<VM>, rhs: ObservableViewModel<VM>) -> Bool { lhs === rhs }

  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
