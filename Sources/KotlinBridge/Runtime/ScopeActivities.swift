import Locking

/// Swift-side things that keep Kotlin work of a scope alive — a suspend call being awaited, a view
/// host still mounted — by description, so that a leak report can say what is still open instead of
/// only counting references.
package final class ScopeActivities: Sendable {
  private struct State {
    var next = 0
    var open: [Int: String] = [:]
  }

  // Locked: begin and end run on any thread (a call's task, the main actor).
  private let state = Locked(State())

  package init() {}

  /// Notes that `description` is open; returns the id that ``end(_:)`` takes.
  package func begin(_ description: String) -> Int {
    state.withLock { state in
      let id = state.next
      state.next += 1
      state.open[id] = description
      return id
    }
  }

  /// Notes that what `begin` returned `id` for has ended.
  package func end(_ id: Int) {
    _ = state.withLock { $0.open.removeValue(forKey: id) }
  }

  /// What is open, oldest first.
  package var descriptions: [String] {
    state.withLock { state in state.open.sorted { $0.key < $1.key }.map(\.value) }
  }
}
