import Synchronization

/// Counts invocations of a closure that Kotlin calls on its worker threads (`onFinally`, `block`).
final class CallCounter: Sendable {
  private let count = Atomic<Int>(0)

  var value: Int { count.load(ordering: .acquiring) }

  func increment() { count.add(1, ordering: .acquiringAndReleasing) }
}
