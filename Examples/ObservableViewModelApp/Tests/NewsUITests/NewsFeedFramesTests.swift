import FlowTesting
import HeadlessUI
import NewsShared
import NewsUI
import Testing

/// Initial state and updates from Kotlin: the spinner while the server answers (800 ms of virtual
/// time), the headlines, then the minute the view model's ticker counts. viewModelScope runs on
/// `Dispatchers.Main.immediate`, so the refresh the view model launches in its `init` has set
/// `isRefreshing` before the view first draws, as on iOS: there is no frame of an idle screen.
@MainActor
@Suite(.kotlinLeakCheck(clock: .virtual), .timeLimit(.minutes(1)))
struct NewsFeedFramesTests {
  @Test func firstLoadThenAMinute() async throws {
    let host = HeadlessHost(NewsFeedView())
    try await host.settle()
    try await host.advanceTime(byMillis: 800)
    try await host.advanceTime(byMillis: 60_000)
    #expect(
      host.frames == [
        """
        NavigationStack "News"
          VStack
            ProgressView "Loading headlines…"
            Text "Updating…"
          Toolbar
            Button "Refresh" disabled
        """,
        """
        NavigationStack "News"
          VStack
            List
              Text "Kotlin 2.3 released"
              Text "Swift 6.2 released"
            Text "Updated 0 min ago"
          Toolbar
            Button "Refresh"
        """,
        """
        NavigationStack "News"
          VStack
            List
              Text "Kotlin 2.3 released"
              Text "Swift 6.2 released"
            Text "Updated 1 min ago"
          Toolbar
            Button "Refresh"
        """,
      ])
    await host.unmount()
  }
}
