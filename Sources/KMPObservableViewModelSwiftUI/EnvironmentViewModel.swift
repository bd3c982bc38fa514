import KMPObservableViewModelCore
import SwiftUI

/// `@EnvironmentObject` for Kotlin view models: a view model an ancestor supplied with
/// ``SwiftUI/View/environmentViewModel(_:)``; the view re-renders when it changes.
///
/// ```swift
/// struct TimeView: View {
///   @EnvironmentViewModel var viewModel: TimeTravelViewModel
///   var body: some View { Text(viewModel.actualTime) }
/// }
/// // an ancestor: TimeView().environmentViewModel(viewModel)
/// ```
@MainActor
@propertyWrapper
public struct EnvironmentViewModel<VM: ViewModel>: DynamicProperty {
  @EnvironmentObject private var observableObject: ObservableViewModel<VM>

  public init() {}

  /// The view model. Reading it when no ancestor supplied one stops the program, as SwiftUI does.
  public var wrappedValue: VM { observableObject.viewModel }

  /// Bindings to the view model's properties: `$viewModel.name`.
  public var projectedValue: ObservableViewModel<VM>.Projection {
    ObservableViewModel<VM>.Projection(observableObject)
  }
}

extension View {
  /// Supplies `viewModel` to this view's subtree, for ``EnvironmentViewModel``.
  ///
  /// ```swift
  /// TimeView().environmentViewModel(viewModel)
  /// ```
  public func environmentViewModel<VM: ViewModel>(_ viewModel: VM) -> some View {
    environmentObject(observableViewModel(for: viewModel))
  }
}
