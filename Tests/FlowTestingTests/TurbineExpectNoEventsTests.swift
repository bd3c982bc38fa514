import FlowTesting
import KotlinFixtures
import Testing

/// `expectNoEvents()` looks without waiting and without consuming.
@Suite("Turbine: expectNoEvents", .kotlinLeakCheck, .timeLimit(.minutes(1)))
struct TurbineExpectNoEventsTests {
  @Test("passes while a StateFlow does not change")
  func quietStateFlow() async throws {
    let store = Store()
    try await store.state.test { turbine in
      let initial = try await turbine.awaitItem()
      #expect(initial == 0)
      try await turbine.expectNoEvents()
      await turbine.cancelAndIgnoreRemainingEvents()
    }
  }

  @Test("passes before a slow flow's first item")
  func beforeTheFirstTick() async throws {
    try await ticks(periodMillis: 60_000, count: 3).test { turbine in
      try await turbine.expectNoEvents()
    }
  }

  @Test("fails listing what arrived: \"Expected no events but found Item(1), Item(2)\"")
  func listsPendingEvents() async throws {
    let sequence = ScriptedSequence([1, 2], then: .never).probed()
    let captured = await captureIssues {
      try await sequence.test { turbine in
        await sequence.probe.waitUntilDelivered(2)
        try await turbine.expectNoEvents()
      }
    }
    captured.expectSingleFailure("Expected no events but found Item(1), Item(2)")
  }

  @Test("does not consume what it found")
  func doesNotConsume() async throws {
    let sequence = ScriptedSequence([1, 2], then: .never).probed()
    let captured = await captureIssues {
      try await sequence.test { turbine in
        await sequence.probe.waitUntilDelivered(2)
        do {
          try await turbine.expectNoEvents()
        } catch {
          let first = try await turbine.awaitItem()
          let second = try await turbine.awaitItem()
          #expect([first, second] == [1, 2])
        }
      }
    }
    captured.expectSingleFailure("Expected no events but found Item(1), Item(2)", thrown: false)
  }
}
