import KMPObservableViewModelCore
import SwiftUI

/// `@StateObject` for Kotlin view models: the view owns the view model.
///
/// The view model is created once per view identity (the initial value is evaluated the first time
/// only, however often the view's `init` runs), the view re-renders when the view model's Kotlin
/// state changes, and when the view leaves the hierarchy the view model is cleared: its
/// `viewModelScope` is cancelled and `onCleared()` runs (unless another wrapper still holds it).
///
/// ```swift
/// struct ContentView: View {
///   @StateViewModel var viewModel = TimeTravelViewModel()
///   var body: some View { Text(viewModel.actualTime) }
/// }
/// ```
@MainActor
@propertyWrapper
public struct StateViewModel<VM: ViewModel>: DynamicProperty {
  @StateObject private var observableObject: ObservableViewModel<VM>

  /// Creates the view model the first time the view appears.
  public init(wrappedValue: @autoclosure @escaping () -> VM) {
    _observableObject = StateObject(wrappedValue: observableViewModel(for: wrappedValue()))
  }

  /// The view model.
  public var wrappedValue: VM { observableObject.viewModel }

  /// Bindings to the view model's properties: `$viewModel.name`.
  public var projectedValue: ObservableViewModel<VM>.Projection {
    ObservableViewModel<VM>.Projection(observableObject)
  }
}
