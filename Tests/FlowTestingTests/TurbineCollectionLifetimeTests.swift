import FlowTesting
import KotlinFixtures
import Testing

/// The collection runs exactly as long as the block: it is live inside, and cancelled and released
/// afterwards, however the block ends — so a turbine never leaks a Kotlin collection.
/// (`withKotlinLeakCheck` fails the test if anything is still alive after its body.)
@Suite("Turbine: the collection ends with the block", .kotlinLeakCheck, .timeLimit(.minutes(1)))
struct TurbineCollectionLifetimeTests {
  private struct StopTheBlock: Error {}

  @Test("a StateFlow that never completes is cancelled at the end of the block")
  func neverendingFlowIsCancelled() async throws {
    try await withKotlinLeakCheck { scope in
      let store = Store()
      try await store.state.test { turbine in
        _ = try await turbine.awaitItem()
        #expect(scope.snapshot().liveCollections == 1)
      }
    }
  }

  @Test("a producer waiting in delay() is cancelled at the end of the block")
  func delayedProducerIsCancelled() async throws {
    try await withKotlinLeakCheck { scope in
      try await ticks(periodMillis: 60_000, count: 3).test { turbine in
        try await turbine.expectNoEvents()
        #expect(scope.snapshot().collectionsStarted == 1)
      }
    }
  }

  @Test("the collection is cancelled when the block throws")
  func cancelledWhenTheBlockThrows() async throws {
    try await withKotlinLeakCheck { _ in
      let store = Store()
      await #expect(throws: StopTheBlock.self) {
        try await store.state.test { _ in throw StopTheBlock() }
      }
    }
  }

  @Test("the collection is cancelled when an assertion fails")
  func cancelledWhenAnAssertionFails() async throws {
    try await withKotlinLeakCheck { _ in
      let store = Store()
      let captured = await captureIssues {
        try await store.state.test { turbine in
          try await turbine.awaitComplete(timeout: .milliseconds(50))
        }
      }
      captured.expectSingleFailure("Expected complete but found Item(0)")
    }
  }

  @Test("the collection is cancelled when unconsumed events fail the block")
  func cancelledAfterUnconsumedEvents() async throws {
    try await withKotlinLeakCheck { _ in
      let store = Store()
      let state = store.state.asAsyncSequence().probed()
      let captured = await captureIssues {
        try await state.test { _ in await state.probe.waitUntilDelivered(1) }
      }
      captured.expectSingleFailure("Unconsumed events: Item(0)")
    }
  }
}
