import FlowTesting
import KotlinFixtures
import Testing

/// Every `await…` fails after its wall-clock timeout when nothing arrives, saying what it waited
/// for ("No item produced in 100ms"), records the failure at the caller's line and throws it.
@Suite("Turbine timeouts", .kotlinLeakCheck, .timeLimit(.minutes(1)))
struct TurbineTimeoutTests {
  @Test("awaitItem on a StateFlow that does not change: \"No item produced in 100ms\"")
  func awaitItemTimesOut() async throws {
    let store = Store()
    let state = store.state.asAsyncSequence().probed()
    let clock = ContinuousClock()
    var waited = Duration.zero
    var awaitLine = 0
    let captured = await captureIssues {
      try await state.test { turbine in
        await state.probe.waitUntilDelivered(1)
        let initial = try await turbine.awaitItem()
        #expect(initial == 0)
        let start = clock.now
        defer { waited = clock.now - start }
        awaitLine = #line + 1
        _ = try await turbine.awaitItem(timeout: .milliseconds(100))
      }
    }
    captured.expectSingleFailure("No item produced in 100ms")
    #expect(waited >= .milliseconds(100))
    #expect(waited < .seconds(3), "the per-call timeout replaces the default of 3 s")
    #expect(captured.issues.first?.sourceLocation?.line == awaitLine)
    #expect(captured.issues.first?.sourceLocation?.fileID == #fileID)
    #expect(captured.thrown?.sourceLocation.line == awaitLine)
    #expect(captured.thrown.map { String(describing: $0) }?.hasPrefix("No item produced in 100ms (at ") == true)
  }

  @Test("awaitComplete on ticks that are a minute apart: \"No complete produced in 100ms\"")
  func awaitCompleteTimesOut() async throws {
    let captured = await captureIssues {
      try await ticks(periodMillis: 60_000, count: 3).test { turbine in
        try await turbine.awaitComplete(timeout: .milliseconds(100))
      }
    }
    captured.expectSingleFailure("No complete produced in 100ms")
  }

  @Test("awaitError on a SharedFlow nobody emits to: \"No error produced in 100ms\"")
  func awaitErrorTimesOut() async throws {
    let subject = Subject()
    let captured = await captureIssues {
      try await subject.mutableSharedFlow.test { turbine in
        try await turbine.awaitError(timeout: .milliseconds(100))
      }
    }
    captured.expectSingleFailure("No error produced in 100ms")
  }

  @Test("awaitEvent on a silent sequence: \"No event produced in 100ms\"")
  func awaitEventTimesOut() async throws {
    let captured = await captureIssues {
      try await ScriptedSequence<Int>([], then: .never).test { turbine in
        _ = try await turbine.awaitEvent(timeout: .milliseconds(100))
      }
    }
    captured.expectSingleFailure("No event produced in 100ms")
  }

  @Test("skipItems when fewer items come: \"No item produced in 100ms\"")
  func skipItemsTimesOut() async throws {
    let store = Store()
    let captured = await captureIssues {
      try await store.state.test { turbine in
        try await turbine.skipItems(2, timeout: .milliseconds(100))
      }
    }
    captured.expectSingleFailure("No item produced in 100ms")
  }

  @Test("test(timeout:) sets the default of each await")
  func blockTimeoutIsTheDefault() async throws {
    let captured = await captureIssues {
      try await ScriptedSequence<Int>([], then: .never).test(timeout: .milliseconds(150)) { turbine in
        _ = try await turbine.awaitItem()
      }
    }
    captured.expectSingleFailure("No item produced in 150ms")
  }

  @Test("whole seconds are written as seconds: \"No item produced in 1s\"")
  func wholeSeconds() async throws {
    let captured = await captureIssues {
      try await ScriptedSequence<Int>([], then: .never).test { turbine in
        _ = try await turbine.awaitItem(timeout: .seconds(1))
      }
    }
    captured.expectSingleFailure("No item produced in 1s")
  }
}
