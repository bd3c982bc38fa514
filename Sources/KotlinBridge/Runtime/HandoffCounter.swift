import Synchronization

/// Counts values and outcomes Kotlin has handed to a waiting Swift task (a continuation resumed)
/// that the task has not picked up yet. Between the two, the Kotlin side looks idle while the Swift
/// side still has work queued; quiescence checks (`HeadlessHost.settle()`) need both to be quiet.
package final class HandoffCounter: Sendable {
  private let count = Atomic<Int>(0)

  package init() {}

  /// A continuation is about to be resumed with a value.
  package func handedOver() { count.add(1, ordering: .releasing) }

  /// The resumed task picked the value up.
  package func pickedUp() { count.subtract(1, ordering: .releasing) }

  package var pending: Int { count.load(ordering: .acquiring) }

  /// Handoffs of work started outside any scope.
  package static let global = HandoffCounter()

  /// The counter of `scope`, or the global one.
  package static func of(_ scope: KotlinRuntimeScope?) -> HandoffCounter { scope?.handoffs ?? global }
}
