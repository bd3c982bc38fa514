import KMPObservableViewModelCore
import SwiftUI

extension ObservableViewModel {
  /// Makes bindings to a view model's properties: `$viewModel.name` on a `@StateViewModel`,
  /// `@ObservedViewModel` or `@EnvironmentViewModel`.
  ///
  /// ```swift
  /// TextField("Name", text: $viewModel.name)
  /// ```
  @MainActor
  @dynamicMemberLookup
  public struct Projection {
    private let observableObject: ObservableViewModel<VM>

    init(_ observableObject: ObservableViewModel<VM>) {
      self.observableObject = observableObject
    }

    /// A binding that reads and writes `keyPath` of the view model.
    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<VM, Subject>) -> Binding<Subject> {
      let viewModel = observableObject.viewModel
      return Binding(get: { viewModel[keyPath: keyPath] }, set: { viewModel[keyPath: keyPath] = $0 })
    }
  }
}
