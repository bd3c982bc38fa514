import KMPObservableViewModelSwiftUI
import NewsShared
import SwiftUI

/// The news screen: it owns its Kotlin view model (`@StateViewModel`), which loads the headlines
/// when it is created; the list and the status bar observe the same view model.
public struct NewsFeedView: View {
  @StateViewModel var viewModel = NewsFeedViewModel()

  public init() {}

  /// A screen over a given server (previews and tests).
  public init(repository: NewsRepository) {
    _viewModel = StateViewModel(wrappedValue: NewsFeedViewModel(repository: repository))
  }

  public var body: some View {
    NavigationStack {
      VStack(alignment: .leading) {
        if let errorMessage = viewModel.errorMessage {
          Text(errorMessage)
            .foregroundColor(.red)
        }
        HeadlineList(viewModel: viewModel)
        UpdateStatus()
      }
      .navigationTitle("News")
      .toolbar {
        Button("Refresh") {
          viewModel.refresh()
        }
        .disabled(viewModel.isRefreshing)
      }
    }
    .environmentViewModel(viewModel)
  }
}

/// The headlines, or a spinner while the first load runs.
struct HeadlineList: View {
  @ObservedViewModel var viewModel: NewsFeedViewModel

  var body: some View {
    if viewModel.headlines.isEmpty && viewModel.isRefreshing {
      ProgressView("Loading headlines…")
    } else {
      List(viewModel.headlines, id: \.self) { headline in
        Text(headline)
      }
    }
  }
}

/// "Updated n min ago", from the view model in the environment.
struct UpdateStatus: View {
  @EnvironmentViewModel var viewModel: NewsFeedViewModel

  var body: some View {
    Text(viewModel.isRefreshing ? "Updating…" : "Updated \(viewModel.minutesSinceUpdate) min ago")
      .font(.footnote)
  }
}
