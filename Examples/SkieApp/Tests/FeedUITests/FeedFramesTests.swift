import FeedUI
import FlowTesting
import HeadlessUI
import Shared
import Testing

/// The initial state, updates from Kotlin and a Kotlin error the view model handles: Loading, the
/// first load fails (a timeout the view model turns into Failed), Retry, Loading, the breaking news
/// at 1.5 s, the articles at 2 s — each drawn through `Observing` and `onEnum(of:)`.
@MainActor
@Suite(.kotlinLeakCheck(clock: .virtual), .timeLimit(.minutes(1)))
struct FeedFramesTests {
  @Test func failedLoadThenRetry() async throws {
    let host = HeadlessHost(FeedView())
    try await host.settle()
    try await host.advanceTime(byMillis: 1_000)
    try host.tap("Retry")
    try await host.settle()
    try await host.advanceTime(byMillis: 1_000)
    #expect(
      host.frames == [
        """
        NavigationStack "Feed"
          VStack
            ProgressView "Loading…"
        """,
        """
        NavigationStack "Feed"
          VStack
            Text "Couldn't load the feed: Read timed out"
            Button "Retry"
        """,
        """
        NavigationStack "Feed"
          VStack
            ProgressView "Loading…"
        """,
        """
        NavigationStack "Feed"
          VStack
            Text "Breaking: Kotlin 2.3 is out"
            ProgressView "Loading…"
        """,
        """
        NavigationStack "Feed"
          VStack
            Text "Breaking: Kotlin 2.3 is out"
            List
              Text "SKIE 0.10 released"
              Text "Flows in SwiftUI"
              Text "Sealed classes as enums"
        """,
      ])
    await host.unmount()
  }
}
