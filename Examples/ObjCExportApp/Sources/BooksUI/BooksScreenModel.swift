import Foundation
import Shared

/// The screen's observable state: collects the Kotlin view model's `uiState` while the screen shows.
/// Imports only Foundation and the Kotlin framework, as many iOS files do: `ObservableObject` and
/// `@Published` come with Apple's Foundation.
@MainActor
final class BooksScreenModel: ObservableObject {
  @Published private(set) var state: BooksUiState = BooksUiStateLoading.shared
  @Published var query = "" {
    didSet { viewModel.onQueryChange(text: query) }
  }

  let viewModel: BooksViewModel

  init(viewModel: BooksViewModel) {
    self.viewModel = viewModel
  }

  /// Collects `uiState` until the calling task is cancelled (a view's `.task`).
  func observe() async {
    do {
      try await viewModel.uiState.collect(
        collector: Collector<BooksUiState> { [weak self] state in
          self?.state = state
        })
    } catch {
      // Cancelled with the view's task.
    }
  }
}
