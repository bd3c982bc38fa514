import FlowTesting
import KotlinFixtures
import Testing

/// `expectMostRecentItem()` consumes every item received so far and returns the last — what a
/// test of a conflated StateFlow wants after several changes.
@Suite("Turbine: expectMostRecentItem", .kotlinLeakCheck, .timeLimit(.minutes(1)))
struct TurbineExpectMostRecentItemTests {
  @Test("the latest StateFlow value after three increments")
  func latestAfterIncrements() async throws {
    let store = Store()
    let state = store.state.asAsyncSequence().probed()
    try await state.test { turbine in
      let initial = try await turbine.awaitItem()
      #expect(initial == 0)
      for _ in 0..<3 { store.increment() }
      // The StateFlow conflates: 1 and 2 may or may not be seen, but 3 is the last, delivered
      // once the collector asks for more after it.
      await state.probe.waitUntil { $0.handedOut.last == 3 && $0.delivered == $0.handedOut.count }
      let latest = try await turbine.expectMostRecentItem()
      #expect(latest == 3)
      try await turbine.expectNoEvents()
      await turbine.cancelAndIgnoreRemainingEvents()
    }
  }

  @Test("all items so far, of a plain sequence")
  func lastOfSeveral() async throws {
    let sequence = ScriptedSequence(["a", "b", "c"], then: .never).probed()
    try await sequence.test { turbine in
      await sequence.probe.waitUntilDelivered(3)
      let latest = try await turbine.expectMostRecentItem()
      #expect(latest == "c")
      try await turbine.expectNoEvents()
    }
  }

  @Test("no item yet: \"Expected at least one item but found none\"")
  func noItem() async throws {
    let store = Store()
    let state = store.state.asAsyncSequence().probed()
    let captured = await captureIssues {
      try await state.test { turbine in
        _ = try await turbine.awaitItem()
        _ = try await turbine.expectMostRecentItem()
      }
    }
    captured.expectSingleFailure("Expected at least one item but found none")
  }
}
