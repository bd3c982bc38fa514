import Shared
import SwiftUI

/// The feed screen: the state through SKIE's `Observing` and `onEnum(of:)`, the breaking news
/// collected into `@State` with `collect(flow:into:)`, and the load call in a `.task(id:)` that Retry
/// restarts.
public struct FeedView: View {
  @State private var viewModel: FeedViewModel
  @State private var breakingNews = ""
  @State private var attempt = 0

  public init(api: FeedApi = FeedApi()) {
    _viewModel = State(wrappedValue: FeedViewModel(api: api))
  }

  public var body: some View {
    NavigationStack {
      VStack {
        if !breakingNews.isEmpty {
          Text(breakingNews)
            .bold()
        }
        Observing(viewModel.state) { state in
          switch onEnum(of: state) {
          case .loading:
            ProgressView("Loading…")
          case .loaded(let loaded):
            List(loaded.articles, id: \.self) { article in
              Text(article)
            }
          case .failed(let failed):
            Text("Couldn't load the feed: \(failed.reason)")
            Button("Retry") {
              attempt += 1
            }
          }
        }
      }
      .navigationTitle("Feed")
    }
    .collect(flow: viewModel.breakingNews, into: $breakingNews)
    .task(id: attempt) {
      try? await viewModel.load()
    }
  }
}
