import FlowTesting
import KotlinFixtures
import Testing

/// `withKotlinLeakCheck { scope in … }` runs its body in a fresh Kotlin runtime scope and then
/// fails if stable refs, collections or pending calls of that scope are still alive, or a producer
/// started in it never ran its `finally`.
@Suite("withKotlinLeakCheck", .kotlinLeakCheck, .timeLimit(.minutes(1)))
struct LeakCheckFunctionTests {
  private static let advice =
    "Drop Kotlin objects, finish or break out of loops, and cancel tasks before the test ends."

  @Test("a body that cleans up passes, in its own scope with the chosen clock, and returns its result")
  func cleanBodyPasses() async throws {
    let outer = try #require(KotlinRuntimeScope.current)  // the suite trait's scope
    let words = try await withKotlinLeakCheck(clock: .virtualAutoAdvance) { scope in
      #expect(KotlinRuntimeScope.current === scope)
      #expect(scope !== outer)
      #expect(scope.clock == .virtualAutoAdvance)
      var words: [String] = []
      for try await word in KotlinFixtures.words().asAsyncSequence() { words.append(word) }
      #expect(scope.snapshot().collectionsStarted == 1)
      return words
    }
    #expect(words == ["hello", "any", "world"])
    #expect(KotlinRuntimeScope.current === outer)
  }

  @Test("a Kotlin object kept past the body: \"2 live stable refs\"")
  func keptStore() async throws {
    var kept: Store?
    let captured = await captureIssues {
      try await withKotlinLeakCheck(timeout: .milliseconds(200)) { _ in
        kept = Store()  // the Store and its `state` flow: two stable refs
      }
    }
    #expect(kept != nil)
    kept = nil
    captured.expectSingleFailure(
      "Kotlin leak after the test (waited 200ms): 2 live stable refs (1 × kotlinx.coroutines.flow.ReadonlyStateFlow, "
        + "1 × shared.Store). \(Self.advice)", thrown: false)
  }

  @Test("a flow iterator kept past the body: its collection, flow ref and unfinished producer")
  func keptIterator() async throws {
    var iterator: KotlinFlowSequence<Int32>.AsyncIterator?
    let captured = await captureIssues {
      try await withKotlinLeakCheck(timeout: .milliseconds(200)) { _ in
        iterator = Store().state.asAsyncSequence().makeAsyncIterator()
        let initial = try await iterator?.next()
        #expect(initial == 0)
      }
    }
    iterator = nil
    captured.expectSingleFailure(
      "Kotlin leak after the test (waited 200ms): 1 live stable ref (1 × kotlinx.coroutines.flow.ReadonlyStateFlow), 1 live collection, 1 producer started but 0 ran "
        + "`finally`. \(Self.advice)", thrown: false)
  }

  @Test("a suspend call a stray Task still awaits is named in the report")
  func strayCallIsNamed() async throws {
    var stray: Task<Int32, any Error>?
    let captured = await captureIssues {
      try await withKotlinLeakCheck(clock: .virtual, timeout: .milliseconds(200)) { scope in
        stray = Task { try await callAfter(delayMillis: 60_000) { 1 } }
        while scope.pendingDelayCount == 0 { await Task.yield() }  // the call is in Kotlin's delay
      }
    }
    stray?.cancel()
    _ = await stray?.result
    captured.expectSingleFailure(
      "Kotlin leak after the test (waited 200ms): 1 pending suspend call. Still open: the suspend call "
        + "callAfter(delayMillis:block:), still awaited. \(Self.advice)", thrown: false)
  }

  @Test("the failure is recorded where withKotlinLeakCheck was called")
  func failureLocation() async throws {
    var kept: Store?
    var callLine = 0
    let captured = await captureIssues {
      callLine = #line + 1
      try await withKotlinLeakCheck(timeout: .milliseconds(50)) { _ in
        kept = Store()
      }
    }
    #expect(kept != nil)
    kept = nil
    #expect(captured.issues.map(\.sourceLocation?.line) == [callLine])
    #expect(captured.issues.first?.sourceLocation?.fileID == #fileID)
  }

  @Test("disposal that happens shortly after the body is waited for, not reported")
  func asynchronousDisposalIsAwaited() async throws {
    try await withKotlinLeakCheck { _ in
      let iterator = range(count: 1_000_000).asAsyncSequence().makeAsyncIterator()
      _ = try await iterator.next()
      // Dropping the iterator only *requests* the cancellation; the collection is released later
      // on a Kotlin worker thread.
    }
  }

  @Test("errors of the body propagate")
  func bodyErrorPropagates() async throws {
    struct BodyFailed: Error {}
    await #expect(throws: BodyFailed.self) {
      try await withKotlinLeakCheck { _ in throw BodyFailed() }
    }
  }
}
