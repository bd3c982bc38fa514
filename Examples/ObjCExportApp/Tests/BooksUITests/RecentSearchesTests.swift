import Observation
import Testing

@testable import BooksUI

/// An `@Observable` class from a Foundation-only file: it compiles on Linux through
/// AppleImplicitImports, and its changes are observed as on iOS.
@Suite struct RecentSearchesTests {
  @Test func recordsNewestFirstAndNotifiesObservers() {
    let recent = RecentSearches()
    nonisolated(unsafe) var changed = false
    withObservationTracking {
      _ = recent.queries
    } onChange: {
      changed = true
    }
    recent.record("kotlin")
    recent.record("swift")
    recent.record("kotlin")
    #expect(changed)
    #expect(recent.queries == ["kotlin", "swift"])
  }
}
