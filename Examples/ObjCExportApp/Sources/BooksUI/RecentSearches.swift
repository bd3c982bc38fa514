import Foundation

/// The searches of this session, newest first: an `@Observable` model in a file that imports only
/// Foundation, as Apple's Foundation brings Observation along.
@Observable
final class RecentSearches {
  private(set) var queries: [String] = []

  func record(_ query: String) {
    guard !query.isEmpty else { return }
    queries.removeAll { $0 == query }
    queries.insert(query, at: 0)
    if queries.count > 5 { queries.removeLast() }
  }
}
