// A tabbed app in the style of KMP apps that observe a Kotlin flow with `for await` in a view
// model's `async` method started by `.task` (the SKIE / KMP-NativeCoroutines pattern), with a
// pull-to-refresh list, a toolbar, an image, deep links and accessibility. Written for this
// package; only `import SwiftUI`, as in an app's iosApp/ folder.
import SwiftUI

struct Astronaut: Identifiable, Hashable {
  let id: String
  let name: String
  let craft: String
}

/// Stands in for the Kotlin side: a flow of crews (an `AsyncStream` the test feeds) and a
/// suspend function that refreshes.
@MainActor
final class CrewSource {
  let crews: AsyncStream<[Astronaut]>
  private let continuation: AsyncStream<[Astronaut]>.Continuation
  private(set) var refreshes = 0

  init() {
    (crews, continuation) = AsyncStream.makeStream(of: [Astronaut].self)
  }

  func emit(_ crew: [Astronaut]) { continuation.yield(crew) }

  func refresh() async { refreshes += 1 }
}

@MainActor
final class CrewViewModel: ObservableObject {
  @Published private(set) var crew: [Astronaut] = []
  @Published private(set) var isLoading = true
  let source: CrewSource

  init(source: CrewSource) { self.source = source }

  func activate() async {
    for await crew in source.crews {
      self.crew = crew
      isLoading = false
    }
  }
}

struct CrewListScreen: View {
  @ObservedObject var viewModel: CrewViewModel
  @State private var openedLink = ""

  var body: some View {
    NavigationStack {
      Group {
        if viewModel.isLoading {
          ProgressView()
            .accessibilityElement(children: .combine)
            .accessibilityLabel("Loading crew")
        } else {
          List(viewModel.crew) { person in
            NavigationLink(value: person) {
              HStack {
                AsyncImage(url: URL(string: "https://example.com/\(person.id).png")) { image in
                  image.resizable().aspectRatio(contentMode: .fill)
                } placeholder: {
                  ProgressView()
                }
                .frame(width: 44, height: 44)
                .clipShape(Circle())
                VStack(alignment: .leading) {
                  Text(person.name).font(.headline)
                  Text(person.craft).font(.subheadline)
                }
              }
              .accessibilityElement(children: .combine)
              .accessibilityAddTraits(.isButton)
            }
          }
          .refreshable { await viewModel.source.refresh() }
        }
      }
      .navigationTitle("People in Space")
      .navigationDestination(for: Astronaut.self) { person in
        Text("\(person.name) is on \(person.craft)")
          .navigationTitle(person.name)
      }
      .toolbar {
        ToolbarItem(placement: .navigationBarTrailing) {
          Button {
            openedLink = "refresh tapped"
          } label: {
            Image(systemName: "arrow.clockwise")
          }
        }
      }
    }
    .onOpenURL { url in openedLink = url.absoluteString }
    .task { await viewModel.activate() }
  }
}

struct SpaceApp: View {
  @StateObject var viewModel: CrewViewModel
  @State private var tab = 0

  var body: some View {
    TabView(selection: $tab) {
      CrewListScreen(viewModel: viewModel)
        .tabItem { Label("Crew", systemImage: "person.3") }
        .tag(0)
      Text("\(viewModel.crew.count) people in space")
        .tabItem { Label("Stats", systemImage: "chart.bar") }
        .tag(1)
    }
  }
}

/// The crew list restored to the last person seen (a `ScrollViewReader` over the list).
struct CrewScrollRestoringList: View {
  let crew: [Astronaut]
  let lastSeenID: String

  var body: some View {
    ScrollViewReader { proxy in
      List(crew) { person in
        Text(person.name).id(person.id)
      }
      .onAppear { proxy.scrollTo(lastSeenID, anchor: .center) }
    }
  }
}
