import FlowTesting
import HeadlessUI
import Shared
import Testing

@testable import BooksUI

/// The books screen over the fake Objective-C export framework: the app's own IosViewModelStoreOwner,
/// Collector and ObservableObject (which imports only Foundation), drawn as frames on virtual time.
@MainActor
@Suite(.kotlinLeakCheck(clock: .virtual), .timeLimit(.minutes(1)))
struct BooksScreenTests {
  @Test func searchThenFavourite() async throws {
    let host = HeadlessHost(BooksView(repository: BookRepository()))
    try await host.settle()
    try await host.advanceTime(byMillis: 300)  // debounce
    try await host.advanceTime(byMillis: 400)  // the search
    #expect(host.render().contains(#"Text "Kotlin Coroutines — Moskała""#))
    try host.type("swift", into: "Search books")
    try await host.settle()
    try await host.advanceTime(byMillis: 700)
    try host.tap("☆")
    try await host.settle()
    try host.tap("Favourites")
    try await host.settle()
    #expect(
      host.render() == """
        NavigationStack "Books"
          VStack
            TextField "Search books" = "swift"
            HStack
              Button "All"
              Button "Favourites"
            List
              HStack
                Text "Swift Concurrency — Hudson"
                Button "★"
        """)
    await host.unmount()
  }
}
