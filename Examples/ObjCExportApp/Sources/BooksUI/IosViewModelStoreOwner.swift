import Foundation
import Shared

/// A ViewModelStoreOwner for SwiftUI, as KMP apps write it: held as a `@StateObject`, it clears its
/// store (and so the androidx view models in it) when SwiftUI drops it.
final class IosViewModelStoreOwner: ObservableObject, ViewModelStoreOwner {
  let viewModelStore = ViewModelStore()

  /// The androidx ViewModel of type `T` from the store, made by `factory` the first time.
  func viewModel<T: ViewModel>(
    key: String? = nil,
    factory: ViewModelProviderFactory,
    extras: CreationExtras? = nil
  ) -> T {
    guard
      let viewModel = viewModelStore.resolveViewModel(
        modelClass: T.self, factory: factory, key: key, extras: extras) as? T
    else {
      fatalError("Failed to create ViewModel of type \(T.self)")
    }
    return viewModel
  }

  deinit {
    viewModelStore.clear()
  }
}
