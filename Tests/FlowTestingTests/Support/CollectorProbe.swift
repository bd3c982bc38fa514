/// Watches the collector that `test { }` runs in the background over a ``ProbedSequence``.
///
/// The collector pushes an element into the turbine *before* it asks for the next one, so "it asked
/// for element n + 1" proves "n elements are in the turbine". Tests wait for that instead of racing
/// the background collector, which keeps assertions that do not wait (`expectNoEvents`,
/// `expectMostRecentItem`, the unconsumed-events check) deterministic.
final class CollectorProbe<Element: Sendable>: Sendable {
  /// What the collector did so far.
  struct Progress: Sendable {
    /// How many times the collector called `next()`.
    var requests = 0
    /// The elements the wrapped sequence returned, in order.
    var handedOut: [Element] = []
    /// Whether the wrapped sequence ended (returned nil or threw).
    var finished = false

    /// How many elements are certainly in the turbine (pushed before the collector asked again).
    var delivered: Int { min(handedOut.count, max(0, requests - 1)) }
  }

  private struct Waiter {
    let condition: @Sendable (Progress) -> Bool
    let continuation: CheckedContinuation<Void, Never>
  }

  private struct State {
    var progress = Progress()
    var waiters: [Waiter] = []
  }

  private let state = Protected(State())

  var progress: Progress { state.withLock { $0.progress } }

  func recordRequest() { update { $0.requests += 1 } }
  func recordElement(_ element: Element) { update { $0.handedOut.append(element) } }
  func recordEnd() { update { $0.finished = true } }

  /// Waits until `condition` holds for the collector's progress.
  func waitUntil(_ condition: @escaping @Sendable (Progress) -> Bool) async {
    await withCheckedContinuation { continuation in
      let satisfied = state.withLock { state in
        if condition(state.progress) { return true }
        state.waiters.append(Waiter(condition: condition, continuation: continuation))
        return false
      }
      if satisfied { continuation.resume() }
    }
  }

  /// Waits until `count` elements are in the turbine.
  func waitUntilDelivered(_ count: Int) async { await waitUntil { $0.delivered >= count } }

  /// Waits until the wrapped sequence ended. Every element is then in the turbine; the terminal
  /// event (Complete or Error) follows it without any further suspension of the collector.
  func waitUntilFinished() async { await waitUntil { $0.finished } }

  private func update(_ change: (inout Progress) -> Void) {
    let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      change(&state.progress)
      let progress = state.progress
      let ready = state.waiters.filter { $0.condition(progress) }.map(\.continuation)
      state.waiters.removeAll { $0.condition(progress) }
      return ready
    }
    for continuation in ready { continuation.resume() }
  }
}

/// A sequence that reports to a ``CollectorProbe`` what its consumer asked for and got.
struct ProbedSequence<Base: AsyncSequence & Sendable>: AsyncSequence, Sendable where Base.Element: Sendable {
  typealias Element = Base.Element

  let base: Base
  let probe = CollectorProbe<Base.Element>()

  struct AsyncIterator: AsyncIteratorProtocol {
    var base: Base.AsyncIterator
    let probe: CollectorProbe<Element>

    mutating func next() async throws -> Element? {
      probe.recordRequest()
      do {
        guard let element = try await base.next() else {
          probe.recordEnd()
          return nil
        }
        probe.recordElement(element)
        return element
      } catch {
        probe.recordEnd()
        throw error
      }
    }
  }

  func makeAsyncIterator() -> AsyncIterator { AsyncIterator(base: base.makeAsyncIterator(), probe: probe) }
}

extension AsyncSequence where Self: Sendable, Element: Sendable {
  /// This sequence, observed by a ``CollectorProbe`` (`.probe`).
  func probed() -> ProbedSequence<Self> { ProbedSequence(base: self) }
}
