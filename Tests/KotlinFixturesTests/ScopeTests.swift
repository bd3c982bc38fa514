import Dispatch
import KotlinFixtures
import Testing

/// `KotlinTestRuntime.withScope`: work started inside — by the body or by its child tasks — is charged
/// to the scope; closing the scope cancels what still runs, which Swift sees as CancellationError.
@Suite("Runtime scopes", .timeLimit(.minutes(1)))
struct ScopeTests {
  @Test("collections and calls of child tasks and unstructured tasks are charged to the scope")
  func childWorkIsAttributed() async throws {
    try await withLeakCheckedScope { scope in
      let counts = try await withThrowingTaskGroup(of: Int.self) { group in
        for _ in 0..<3 { group.addTask { try await collect(elements()).count } }
        return try await group.reduce(0, +)
      }
      let unstructured = Task { try await collect(words()).count }
      let wordCount = try await unstructured.value
      #expect(counts == 9)
      #expect(wordCount == 3)
      #expect(scope.snapshot().collectionsStarted == 4)
    }
  }

  @Test("objects alive in the scope are counted until Swift releases them")
  func liveObjectsCounted() async throws {
    try await withLeakCheckedScope { scope in
      let before = scope.snapshot().liveStableRefs
      do {
        let store = Store()
        let flow = elements()
        #expect(scope.snapshot().liveStableRefs > before)
        withExtendedLifetime((store, flow)) {}
      }
      #expect(scope.snapshot().liveStableRefs == before)
    }
  }

  @Test("closing a scope cancels a collection still running in it: the consumer gets CancellationError")
  func closingCancelsCollections() async throws {
    try await withLeakCheckedScope { outer in
      let (firstValue, firstArrived) = AsyncStream<Void>.makeStream()
      let consumer = try await KotlinTestRuntime.withScope { _ in
        let subject = Subject()
        let consumer = Task {
          defer { firstArrived.finish() }
          for try await _ in subject.counter.asAsyncSequence() { firstArrived.yield() }
        }
        for await _ in firstValue { break }
        return consumer
      }  // closed here, with the StateFlow collection running
      await #expect(throws: CancellationError.self) { try await consumer.value }
      #expect(outer.snapshot().collectionsStarted == 0)
    }
  }

  /// Cancellation is cooperative: a body cancelled while it runs its last step, with no suspension
  /// point left, returns normally, and Swift export hands that value back.
  @Test("closing a scope cancels a suspend call running in it; a body with no suspension point left still returns")
  func closingCancelsCalls() async throws {
    try await withLeakCheckedScope { _ in
      let (insideBlock, enteredBlock) = AsyncStream<Void>.makeStream()
      let release = DispatchSemaphore(value: 0)
      let caller = try await KotlinTestRuntime.withScope { _ in
        let caller = Task {
          try await callAfter(delayMillis: 0) {
            enteredBlock.finish()
            release.wait()  // keeps the Kotlin body running until the scope is closed
            return 1
          }
        }
        for await _ in insideBlock {}
        return caller
      }  // closed while the call's body runs
      release.signal()
      #expect(try await caller.value == 1)
    }
  }

  /// A task created inside `withScope` belongs to the scope; if it outlives the scope, what it starts
  /// later must be cancelled (as `launch` in a cancelled CoroutineScope is), not run elsewhere.
  @Test("a task that outlives its scope cannot start Kotlin work: calls and collections are cancelled")
  func workAfterClose() async throws {
    try await withLeakCheckedScope { _ in
      let (go, start) = AsyncStream<Void>.makeStream()
      let late = try await KotlinTestRuntime.withScope(clock: .virtual) { _ in
        Task { () -> (call: String, collection: String) in
          for await _ in go {}
          var outcome = (call: "", collection: "")
          do {
            outcome.call = "returned \(try await callAfter(delayMillis: 20) { 1 })"
          } catch {
            outcome.call = error is CancellationError ? "cancelled" : "\(error)"
          }
          do {
            outcome.collection = "returned \(try await collect(ticks(periodMillis: 20, count: 1)))"
          } catch {
            outcome.collection = error is CancellationError ? "cancelled" : "\(error)"
          }
          return outcome
        }
      }
      start.finish()
      let outcome = await late.value
      #expect(outcome.call == "cancelled")
      #expect(outcome.collection == "cancelled")
    }
  }
}
