import Combine

/// Clears its view model when it goes away. One per view model, held strongly by every
/// ``ObservableViewModel`` of it and weakly by ``ViewModelLifetimes``: so the view model is cleared
/// when its last wrapper goes, as KMP-ObservableViewModel does.
final class ViewModelLifetime: @unchecked Sendable {
  // @unchecked Sendable: `viewModel` is used only in deinit, which runs once, after every holder let
  // go; `isArmed` is set by the creator before the lifetime is shared (the table's lock orders it).
  private let viewModel: any ViewModel
  private var isArmed = false

  /// An unarmed lifetime: it clears nothing until ``arm()`` (a candidate the table may not adopt, or
  /// the stand-in made after the view model was cleared).
  init(_ viewModel: any ViewModel) {
    self.viewModel = viewModel
  }

  func arm() { isArmed = true }

  deinit {
    guard isArmed else { return }
    // A Swift subclass that is Cancellable gets to stop its own work (Combine pipelines over the
    // view model's flows) before the Kotlin scope is cancelled, as the library promises.
    (viewModel as? any Cancellable)?.cancel()
    viewModel.clear()
  }
}
