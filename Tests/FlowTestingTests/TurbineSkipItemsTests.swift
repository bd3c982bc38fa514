import FlowTesting
import KotlinFixtures
import Testing

/// `skipItems(n)` consumes n items, and fails naming what it found instead and after how many.
@Suite("Turbine: skipItems", .kotlinLeakCheck, .timeLimit(.minutes(1)))
struct TurbineSkipItemsTests {
  @Test("skips exactly the given number of items")
  func skips() async throws {
    let flow = elements().asAsyncSequence().probed()
    try await flow.test { turbine in
      await flow.probe.waitUntilFinished()
      try await turbine.skipItems(2)
      let third = try await turbine.awaitItem()
      #expect(third == Element3.shared)
      try await turbine.awaitComplete()
    }
  }

  @Test("skipping zero items consumes nothing")
  func skipsNothing() async throws {
    let flow = words().asAsyncSequence().probed()
    try await flow.test { turbine in
      await flow.probe.waitUntilDelivered(1)
      try await turbine.skipItems(0)
      let first = try await turbine.awaitItem()
      #expect(first == "hello")
      await turbine.cancelAndIgnoreRemainingEvents()
    }
  }

  @Test("more items than the flow has: \"Expected 4 items to skip but found Complete after 3\"")
  func findsComplete() async throws {
    let flow = elements().asAsyncSequence().probed()
    let captured = await captureIssues {
      try await flow.test { turbine in
        await flow.probe.waitUntilFinished()
        try await turbine.skipItems(4)
      }
    }
    captured.expectSingleFailure("Expected 4 items to skip but found Complete after 3")
  }

  @Test("a failure among them: \"… found Error(IllegalStateException: Flow has failed) after 2\"")
  func findsError() async throws {
    let flow = failing().asAsyncSequence().probed()
    let captured = await captureIssues {
      try await flow.test { turbine in
        await flow.probe.waitUntilFinished()
        try await turbine.skipItems(3)
      }
    }
    captured.expectSingleFailure(
      "Expected 3 items to skip but found Error(IllegalStateException: Flow has failed) after 2")
  }
}
