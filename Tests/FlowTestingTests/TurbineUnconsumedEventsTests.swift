import FlowTesting
import KotlinFixtures
import Testing

/// When the block ends, events it did not consume fail the test — "Unconsumed events: Item(2), …"
/// recorded at the `test` call and thrown — and the collection is cancelled either way.
@Suite("Turbine: unconsumed events at the end of the block", .kotlinLeakCheck, .timeLimit(.minutes(1)))
struct TurbineUnconsumedEventsTests {
  private struct StopTheBlock: Error {}

  @Test("leftover items: \"Unconsumed events: Item(2), Item(3)\"")
  func leftoverItems() async throws {
    let sequence = ScriptedSequence([1, 2, 3], then: .never).probed()
    var testLine = 0
    let captured = await captureIssues {
      testLine = #line + 1
      try await sequence.test { turbine in
        await sequence.probe.waitUntilDelivered(3)
        let first = try await turbine.awaitItem()
        #expect(first == 1)
      }
    }
    captured.expectSingleFailure("Unconsumed events: Item(2), Item(3)")
    #expect(captured.issues.first?.sourceLocation?.line == testLine)
    #expect(captured.thrown?.sourceLocation.line == testLine)
  }

  @Test("a StateFlow change nobody awaited: \"Unconsumed events: Item(1)\"")
  func leftoverStateFlowChange() async throws {
    let store = Store()
    let state = store.state.asAsyncSequence().probed()
    let captured = await captureIssues {
      try await state.test { turbine in
        let initial = try await turbine.awaitItem()
        #expect(initial == 0)
        store.increment()
        await state.probe.waitUntilDelivered(2)
      }
    }
    captured.expectSingleFailure("Unconsumed events: Item(1)")
  }

  @Test("everything consumed: no failure")
  func everythingConsumed() async throws {
    let flow = words().asAsyncSequence().probed()
    try await flow.test { turbine in
      await flow.probe.waitUntilFinished()
      for expected in ["hello", "any", "world"] {
        let word = try await turbine.awaitItem()
        #expect(word == expected)
      }
      try await turbine.awaitComplete()
    }
  }

  @Test("a block that throws: its error propagates, and leftovers are not reported")
  func blockErrorWins() async throws {
    let sequence = ScriptedSequence([1, 2, 3], then: .never).probed()
    let captured = await captureIssues {
      await #expect(throws: StopTheBlock.self) {
        try await sequence.test { _ in
          await sequence.probe.waitUntilDelivered(3)
          throw StopTheBlock()
        }
      }
    }
    #expect(captured.issues.isEmpty)
  }

  /// The doc comment of `test(timeout:sourceLocation:_:)` promises this failure for a flow like
  /// `range(count: 3)` whose last item and completion were never awaited. The Kotlin producer emits
  /// them without any delay, so they are due when the block ends.
  @Test("a cold flow's leftovers: \"Unconsumed events: Item(2), Complete\" (as documented)")
  func coldFlowLeftovers() async throws {
    let flow = range(count: 3).asAsyncSequence().probed()
    let captured = await captureIssues {
      try await flow.test { turbine in
        await flow.probe.waitUntilDelivered(2)
        let first = try await turbine.awaitItem()
        let second = try await turbine.awaitItem()
        #expect([first, second] == [0, 1])
      }
    }
    captured.expectSingleFailure("Unconsumed events: Item(2), Complete")
  }
}
