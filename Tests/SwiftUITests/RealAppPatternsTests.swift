import Combine
import HeadlessUI
import SwiftUI
import Testing

/// Screens written like the iOS code of public KMP apps (README, "What real apps use"): the
/// screens (RealApp*Screen.swift) compile with only `import SwiftUI` / `import Combine`, render,
/// and are driven here by the host.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct RealAppPatternsTests {
  static let repos = [RepoItem(id: 1, name: "kmp-app", stars: 42), RepoItem(id: 2, name: "skie", stars: 7)]

  @Test("A flow wrapped as a failing publisher (assertNoFailure, assign(to: &$state)) drives a list")
  func publisherWrapperState() async throws {
    let store = RepoSearchStore()
    let host = HeadlessHost(RepoSearchScreen(viewModel: IOSRepoSearchViewModel(store: store)))
    try await host.settle()
    #expect(
      host.render() == """
        NavigationView "Repositories"
          ZStack
            ProgressView "Loading…"
        """)

    store.state.send(.loaded(Self.repos))
    try await host.settle()  // receive(on: DispatchQueue.main) delivers on a later main-queue turn
    #expect(
      host.render() == """
        NavigationView "Repositories"
          ZStack
            List
              NavigationLink "kmp-app 42 stars"
              NavigationLink "skie 7 stars"
        """)

    try host.tap("kmp-app 42 stars")  // a link is found by the texts of its label
    try await host.settle()
    #expect(
      host.render().hasPrefix("NavigationView \"kmp-app\" depth 2\n  ScrollView\n    VStack\n      Text \"kmp-app\""))
    try host.goBack()

    store.state.send(.failed("Offline"))
    try await host.settle()
    #expect(host.render().contains("Text \"Offline\"\n      Button \"Retry\""))
    try host.tap("Retry")
    try await host.settle()
    #expect(store.retries == 1)
    #expect(host.render().contains("ProgressView \"Loading…\""))
    await host.unmount()
  }

  @Test("An event flow: each event raises an alert; a failure is replaced by one last event")
  func publisherWrapperEvents() async throws {
    let store = RepoSearchStore()
    let viewModel = IOSRepoSearchViewModel(store: store)
    let host = HeadlessHost(RepoSearchScreen(viewModel: viewModel))
    try await host.settle()

    store.events.send("Server busy")
    try await host.settle()
    #expect(host.render().hasSuffix("  Alert \"Notice\"\n    Text \"Server busy\"\n    Button \"OK\""))
    try host.tap("OK")
    try await host.settle()
    #expect(!host.render().contains("Alert"))

    store.events.send(completion: .failure(URLError(.notConnectedToInternet)))
    try await host.settle()
    #expect(host.render().hasSuffix("  Alert \"Notice\"\n    Text \"Connection lost\"\n    Button \"OK\""))

    await host.unmount()
    // The event stream had completed: cancelling it then is not an event.
    #expect(!viewModel.eventsCancelled)
  }

  @Test("Leaving the screen cancels the event subscription (handleEvents sees the cancel)")
  func publisherWrapperCancel() async throws {
    let viewModel = IOSRepoSearchViewModel(store: RepoSearchStore())
    let host = HeadlessHost(RepoSearchScreen(viewModel: viewModel))
    try await host.settle()
    #expect(!viewModel.eventsCancelled)
    await host.unmount()  // .onDisappear → stop() → the AnyCancellables are released
    #expect(viewModel.eventsCancelled)
  }

  @Test("A for-await view model started by .task feeds a tabbed, refreshable list")
  func asyncSequence() async throws {
    let source = CrewSource()
    let host = HeadlessHost(SpaceApp(viewModel: CrewViewModel(source: source)))
    try await host.settle()
    #expect(
      host.render() == """
        TabView "Crew"
          NavigationStack "People in Space"
            ProgressView
            Toolbar
              Button "arrow.clockwise"
        """)

    source.emit([
      Astronaut(id: "ann", name: "Ann", craft: "ISS"), Astronaut(id: "bo", name: "Bo", craft: "Tiangong"),
    ])
    try await host.settle()
    #expect(
      host.render() == """
        TabView "Crew"
          NavigationStack "People in Space"
            List
              NavigationLink "Ann ISS"
              NavigationLink "Bo Tiangong"
            Toolbar
              Button "arrow.clockwise"
        """)

    try await host.refresh()
    #expect(source.refreshes == 1)

    try host.tap("Bo Tiangong")
    try await host.settle()
    #expect(host.render().contains("NavigationStack \"Bo\" depth 2\n    Text \"Bo is on Tiangong\""))

    try host.tap("Stats")
    try await host.settle()
    #expect(host.render() == "TabView \"Stats\"\n  Text \"2 people in space\"")
    await host.unmount()
  }

  @Test("A generic ObservableObject wrapper re-publishes a Kotlin model's watch callbacks")
  func observableWrapper() async throws {
    let kotlin = KotlinLoginViewModel()
    let host = HeadlessHost(LoginScreen(kotlin: kotlin).environmentObject(AppSession()))
    try await host.settle()
    #expect(
      host.render() == """
        NavigationView "Sign in"
          VStack
            TextField "Login" = ""
            SecureField "Password" = ""
            Button "Log in" disabled
            Text "not favourite"
            Text "Session: none"
        """)

    try host.type("ann", into: "Login")
    try host.tap("Log in")  // the Kotlin model's watcher → objectWillChange.send()
    try await host.settle()
    #expect(host.render().contains("SecureField \"Password\" = \"\"\n    ProgressView\n"))

    kotlin.complete()  // the Kotlin side answers; its watcher fires again
    try await host.settle()
    let signedIn = host.render()
    #expect(signedIn.contains("Button \"Log in\"\n"))
    #expect(signedIn.contains("Text \"Welcome, ann\""))
    #expect(signedIn.contains("Text \"Session: ann\""))  // .onChange wrote the environment object

    try host.tap("not favourite")  // a TapGesture under .highPriorityGesture
    try await host.settle()
    #expect(host.render().contains("Text \"favourite\""))
    await host.unmount()
  }

  @Test("The host's scene phase reaches @Environment(\\.scenePhase) and .onChange(of: scenePhase)")
  func scenePhase() async throws {
    let host = HeadlessHost(ProductDetailScreen(viewModel: ProductDetailKotlinViewModel()))
    #expect(host.scenePhase == .active)
    #expect(host.render() == "VStack\n  Text \"phase: active\"\n  Text \"log: \"")
    host.scenePhase = .inactive
    host.scenePhase = .background
    try await host.settle()
    #expect(host.render() == "VStack\n  Text \"phase: background\"\n  Text \"log: paused\"")
    host.scenePhase = .active
    try await host.settle()
    #expect(host.render() == "VStack\n  Text \"phase: active\"\n  Text \"log: paused, resumed\"")
    await host.unmount()
  }

  @Test("ScrollViewReader draws its content; scrollTo changes nothing a frame shows (no viewport)")
  func scrollViewReader() async throws {
    let crew = [Astronaut(id: "ann", name: "Ann", craft: "ISS"), Astronaut(id: "bo", name: "Bo", craft: "ISS")]
    let host = HeadlessHost(CrewScrollRestoringList(crew: crew, lastSeenID: "bo"))
    #expect(host.render() == "List\n  Text \"Ann\"\n  Text \"Bo\"")
    await host.unmount()
  }
}
