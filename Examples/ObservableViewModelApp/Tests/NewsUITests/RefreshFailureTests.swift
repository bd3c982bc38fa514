import FlowTesting
import HeadlessUI
import NewsShared
import NewsUI
import Testing

/// An error from Kotlin: the second refresh fails (the repository throws a Kotlin exception), the view
/// model keeps the message and the old headlines, and the next refresh recovers.
@MainActor
@Suite(.kotlinLeakCheck(clock: .virtual), .timeLimit(.minutes(1)))
struct RefreshFailureTests {
  @Test func failedRefreshShowsTheErrorAndKeepsTheHeadlines() async throws {
    let host = HeadlessHost(NewsFeedView())
    try await host.settle()
    try await host.advanceTime(byMillis: 800)
    try host.tap("Refresh")
    try await host.advanceTime(byMillis: 800)
    #expect(
      host.render() == """
        NavigationStack "News"
          VStack
            Text "Server error 503: Service Unavailable"
            List
              Text "Kotlin 2.3 released"
              Text "Swift 6.2 released"
            Text "Updated 0 min ago"
          Toolbar
            Button "Refresh"
        """)

    try host.tap("Refresh")
    try await host.settle()
    #expect(!host.render().contains("Server error"))  // cleared when the refresh starts
    try await host.advanceTime(byMillis: 800)
    #expect(host.render().contains(#"Text "KMP-ObservableViewModel 1.0""#))
    await host.unmount()
  }
}
