import KotlinFixtures
import Testing

/// Seed 002's pattern, verbatim in spirit: a `@MainActor` type observes `store.state` with
/// `for try await value in store.state.asAsyncSequence() { state = value }` inside a `Task`, and
/// cancels it when done. It must compile in Swift 6 mode without warnings (this file is the proof)
/// and behave: values arrive on the main actor in order, and cancelling releases everything.
@Suite("Seed 002: observing a StateFlow from the main actor", .timeLimit(.minutes(1)))
struct SeedPatternTests {
  @MainActor
  final class CounterModel {
    let store = Store()
    private(set) var state: Int32 = -1
    private var observation: Task<Void, any Error>?
    /// Test probe: every value the loop assigned, in order.
    let assigned: AsyncStream<Int32>
    private let assign: AsyncStream<Int32>.Continuation

    init() {
      (assigned, assign) = AsyncStream.makeStream()
    }

    func start() {
      observation = Task {
        for try await value in store.state.asAsyncSequence() {
          state = value
          assign.yield(value)
        }
      }
    }

    func stop() async -> Result<Void, any Error>? {
      observation?.cancel()
      defer { observation = nil }
      return await observation?.result
    }
  }

  @MainActor
  @Test("observe, increment, observe, cancel")
  func observeThenCancel() async throws {
    try await withLeakCheckedScope { _ in
      let model = CounterModel()
      model.start()
      var assigned = model.assigned.makeAsyncIterator()
      var seen: [Int32?] = [await assigned.next()]
      #expect(model.state == 0)
      model.store.increment()
      seen.append(await assigned.next())
      #expect(model.state == 1)
      model.store.increment()
      seen.append(await assigned.next())
      #expect(model.state == 2)
      #expect(seen == [0, 1, 2])

      let ending = await model.stop()
      guard case .failure(let error) = ending else {
        Issue.record("the observation ended with \(String(describing: ending)) instead of CancellationError")
        return
      }
      #expect(error is CancellationError)
      model.store.increment()  // nobody observes any more
      #expect(model.state == 2)
    }
  }

  @MainActor
  @Test("restarting the observation after a cancel starts from the current value")
  func restart() async throws {
    try await withLeakCheckedScope { scope in
      let model = CounterModel()
      var assigned = model.assigned.makeAsyncIterator()
      model.start()
      let first = await assigned.next()
      _ = await model.stop()
      model.store.increment()
      model.store.increment()
      model.start()
      let afterRestart = await assigned.next()
      _ = await model.stop()
      #expect(first == 0)
      #expect(afterRestart == 2)
      #expect(scope.snapshot().collectionsStarted == 2)
    }
  }
}
