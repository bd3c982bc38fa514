// A search screen in the style of KMP apps that wrap a Kotlin flow as a Combine publisher that can
// fail (the flow-wrapper pattern: `assertNoFailure`, `handleEvents`, `replaceError`, `receive(on:)`,
// `assign(to: &$state)`), shown in a NavigationView with a List of NavigationLinks. Written for
// this package; only `import SwiftUI` and `import Combine`, as in an app's iosApp/ folder.
import Combine
import SwiftUI

struct RepoItem: Identifiable, Equatable {
  let id: Int
  let name: String
  let stars: Int
}

enum RepoSearchState: Equatable {
  case loading
  case loaded([RepoItem])
  case failed(String)
}

/// Stands in for the Kotlin side: a state flow and an event flow, exposed to Swift as publishers
/// typed to fail with `Error` (what a flow wrapper hands over), and a command.
final class RepoSearchStore {
  let state = CurrentValueSubject<RepoSearchState, Error>(.loading)
  let events = PassthroughSubject<String, Error>()
  private(set) var retries = 0

  func retry() {
    retries += 1
    state.send(.loading)
  }
}

@MainActor
final class IOSRepoSearchViewModel: ObservableObject {
  @Published private(set) var state: RepoSearchState = .loading
  @Published var banner: String?
  private(set) var eventsCancelled = false
  private var cancellables = Set<AnyCancellable>()
  private let store: RepoSearchStore

  init(store: RepoSearchStore) {
    self.store = store
    // The state flow never fails in practice: a failure would be a bug, so trap on it.
    store.state
      .assertNoFailure("repo search state")
      .receive(on: DispatchQueue.main)
      .assign(to: &$state)
    store.events
      .handleEvents(receiveCancel: { [weak self] in
        MainActor.assumeIsolated { self?.eventsCancelled = true }
      })
      .replaceError(with: "Connection lost")
      .receive(on: DispatchQueue.main)
      .sink { [weak self] message in self?.banner = message }
      .store(in: &cancellables)
  }

  func retry() { store.retry() }

  func stop() { cancellables.removeAll() }
}

struct RepoRow: View {
  let item: RepoItem

  var body: some View {
    HStack(alignment: .center, spacing: 12) {
      VStack(alignment: .leading, spacing: 4) {
        Text(item.name)
          .font(.headline)
          .lineLimit(1)
        Text("\(item.stars) stars")
          .font(.caption)
          .foregroundColor(.secondary)
      }
      Spacer()
      Image(systemName: "star.fill")
        .foregroundColor(.yellow)
    }
    .padding(.vertical, 4)
  }
}

struct RepoDetail: View {
  let item: RepoItem

  var body: some View {
    ScrollView {
      VStack(alignment: .leading) {
        Text(item.name).font(.largeTitle).bold()
        Text("\(item.stars) stars")
      }
      .frame(maxWidth: .infinity, alignment: .leading)
      .padding()
    }
    .navigationTitle(item.name)
    .navigationBarTitleDisplayMode(.inline)
  }
}

struct RepoSearchScreen: View {
  @StateObject var viewModel: IOSRepoSearchViewModel

  var body: some View {
    NavigationView {
      ZStack {
        switch viewModel.state {
        case .loading:
          ProgressView("Loading…")
            .progressViewStyle(CircularProgressViewStyle())
        case .loaded(let items):
          List(items) { item in
            NavigationLink(destination: RepoDetail(item: item)) {
              RepoRow(item: item)
            }
          }
          .listStyle(.plain)
        case .failed(let message):
          VStack(spacing: 8) {
            Text(message)
              .multilineTextAlignment(.center)
            Button(action: viewModel.retry) {
              Text("Retry").fontWeight(.semibold)
            }
            .buttonStyle(.borderedProminent)
          }
        }
      }
      .navigationTitle("Repositories")
      .alert(
        "Notice", isPresented: .constant(viewModel.banner != nil),
        actions: { Button("OK") { viewModel.banner = nil } },
        message: { Text(viewModel.banner ?? "") })
    }
    .navigationViewStyle(.stack)
    .onDisappear { viewModel.stop() }
  }
}
