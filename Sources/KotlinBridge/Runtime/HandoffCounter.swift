import Synchronization

/// Counts values and outcomes Kotlin has handed to a waiting Swift task (a continuation resumed)
/// that the task has not picked up yet. Between the two, the Kotlin side looks idle while the Swift
/// side still has work queued; quiescence checks (`HeadlessHost.settle()`) need both to be quiet.
///
/// In an auto-advancing virtual scope each handoff also holds the clock (the test scheduler's rule:
/// virtual time moves only when both sides are idle) until the receiving task has picked it up. A
/// view host's tasks hold it longer, until the job that picked it up has ended and been drawn
/// (`HeadlessUI`'s test scheduler counts that job from the moment Kotlin resumed it).
package final class HandoffCounter: Sendable {
  private let count = Atomic<Int>(0)
  // nonisolated(unsafe): set once by the owning scope's initialiser, before the counter is shared.
  nonisolated(unsafe) private weak var scope: KotlinRuntimeScope?

  package init() {}

  /// Makes handoffs hold `scope`'s clock (auto-advancing virtual scopes only).
  func holdClock(of scope: KotlinRuntimeScope) { self.scope = scope }

  /// A continuation is about to be resumed with a value.
  package func handedOver() {
    count.add(1, ordering: .releasing)
    scope?.holdClock(+1)
  }

  /// The resumed task picked the value up.
  package func pickedUp() {
    count.subtract(1, ordering: .releasing)
    scope?.holdClock(-1)
  }

  package var pending: Int { count.load(ordering: .acquiring) }

  /// Handoffs of work started outside any scope.
  package static let global = HandoffCounter()

  /// The counter of `scope`, or the global one.
  package static func of(_ scope: KotlinRuntimeScope?) -> HandoffCounter { scope?.handoffs ?? global }
}
