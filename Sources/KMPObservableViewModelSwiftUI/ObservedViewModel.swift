import KMPObservableViewModelCore
import SwiftUI

/// `@ObservedObject` for Kotlin view models: the view re-renders when the view model changes, and
/// does not own it (pass in a view model an ancestor holds with `@StateViewModel`).
///
/// As in KMP-ObservableViewModel, a view model is cleared when the last wrapper of it goes away: if
/// nothing else holds it (no `@StateViewModel`, no other observing view), that happens when the
/// observing view leaves.
///
/// ```swift
/// struct TimeView: View {
///   @ObservedViewModel var viewModel: TimeTravelViewModel
///   var body: some View { Text(viewModel.actualTime) }
/// }
/// ```
@MainActor
@propertyWrapper
public struct ObservedViewModel<VM: ViewModel>: DynamicProperty {
  @ObservedObject private var observableObject: ObservableViewModel<VM>

  /// Observes `wrappedValue`.
  public init(wrappedValue: VM) {
    _observableObject = ObservedObject(wrappedValue: observableViewModel(for: wrappedValue))
  }

  /// The view model; assigning another one observes that one from the next render.
  public var wrappedValue: VM {
    get { observableObject.viewModel }
    set { observableObject = observableViewModel(for: newValue) }
  }

  /// Bindings to the view model's properties: `$viewModel.name`.
  public var projectedValue: ObservableViewModel<VM>.Projection {
    ObservableViewModel<VM>.Projection(observableObject)
  }
}
