import FlowTesting
import KotlinFixtures
import Testing

/// `cancelAndConsumeRemainingEvents()` stops the collection and hands back what was not consumed;
/// `cancelAndIgnoreRemainingEvents()` drops it, so the block may end with events left.
@Suite("Turbine: cancelling", .kotlinLeakCheck, .timeLimit(.minutes(1)))
struct TurbineCancelTests {
  @Test("cancelAndConsume returns the items not consumed")
  func consumeReturnsTheRest() async throws {
    let sequence = ScriptedSequence([1, 2, 3], then: .never).probed()
    try await sequence.test { turbine in
      await sequence.probe.waitUntilDelivered(3)
      let first = try await turbine.awaitItem()
      #expect(first == 1)
      let rest = await turbine.cancelAndConsumeRemainingEvents()
      #expect(rest.map(\.description) == ["Item(2)", "Item(3)"])
    }
  }

  @Test("cancelAndConsume on a finished Kotlin flow includes its completion")
  func consumeIncludesComplete() async throws {
    let flow = elements().asAsyncSequence().probed()
    try await flow.test { turbine in
      await flow.probe.waitUntilFinished()
      _ = try await turbine.awaitItem()
      let rest = await turbine.cancelAndConsumeRemainingEvents()
      #expect(rest.map(\.description) == ["Item(Element2)", "Item(Element3)", "Complete"])
    }
  }

  @Test("cancelAndConsume on a failed Kotlin flow includes its error")
  func consumeIncludesError() async throws {
    let flow = failing().asAsyncSequence().probed()
    try await flow.test { turbine in
      await flow.probe.waitUntilFinished()
      let rest = await turbine.cancelAndConsumeRemainingEvents()
      #expect(
        rest.map(\.description) == [
          "Item(Element1)", "Item(Element2)", "Error(IllegalStateException: Flow has failed)",
        ])
    }
  }

  @Test("cancelAndConsume on a live StateFlow: its cancellation is not an event")
  func kotlinCancellationIsNotAnEvent() async throws {
    let store = Store()
    try await store.state.test { turbine in
      _ = try await turbine.awaitItem()
      let rest = await turbine.cancelAndConsumeRemainingEvents()
      #expect(rest.isEmpty)
    }
  }

  /// The collector treats "cancelled by the turbine" as no event, but a stream that ends its loop
  /// with `nil` when its task is cancelled (AsyncStream, AsyncThrowingStream and most standard
  /// sequences do) is reported as having completed.
  @Test("cancelAndConsume on a live AsyncStream: its cancellation is not an event either")
  func swiftCancellationIsNotAnEvent() async throws {
    let (stream, continuation) = AsyncStream<Int>.makeStream()
    continuation.yield(1)
    try await stream.test { turbine in
      _ = try await turbine.awaitItem()
      let rest = await turbine.cancelAndConsumeRemainingEvents()
      #expect(rest.map(\.description) == [], "the stream never completed; the turbine cancelled it")
    }
    continuation.finish()
  }

  @Test("cancelAndIgnore drops pending events: the block ends without a failure")
  func ignoreDropsTheRest() async throws {
    let sequence = ScriptedSequence([1, 2, 3], then: .never).probed()
    try await sequence.test { turbine in
      await sequence.probe.waitUntilDelivered(3)
      await turbine.cancelAndIgnoreRemainingEvents()
    }
  }
}
