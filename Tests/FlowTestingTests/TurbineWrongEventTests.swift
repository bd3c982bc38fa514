import FlowTesting
import KotlinFixtures
import Testing

/// Each `await…` that finds another kind of event fails with "Expected <what> but found <event>",
/// in Turbine's spelling of the event. The block stops there: no "Unconsumed events" on top.
@Suite("Turbine: an await that finds the wrong event", .kotlinLeakCheck, .timeLimit(.minutes(1)))
struct TurbineWrongEventTests {
  @Test("awaitItem finds Complete")
  func awaitItemFindsComplete() async throws {
    let captured = await captureIssues {
      try await noElements().test { turbine in
        _ = try await turbine.awaitItem()
      }
    }
    captured.expectSingleFailure("Expected item but found Complete")
  }

  @Test("awaitItem finds the Kotlin exception")
  func awaitItemFindsError() async throws {
    let flow = failing().asAsyncSequence().probed()
    let captured = await captureIssues {
      try await flow.test { turbine in
        await flow.probe.waitUntilFinished()
        try await turbine.skipItems(2)
        _ = try await turbine.awaitItem()
      }
    }
    captured.expectSingleFailure("Expected item but found Error(IllegalStateException: Flow has failed)")
  }

  @Test("awaitComplete finds an item")
  func awaitCompleteFindsItem() async throws {
    let captured = await captureIssues {
      try await elements().test { turbine in
        try await turbine.awaitComplete()
      }
    }
    captured.expectSingleFailure("Expected complete but found Item(Element1)")
  }

  @Test("awaitComplete finds the Kotlin exception")
  func awaitCompleteFindsError() async throws {
    let flow = failing().asAsyncSequence().probed()
    let captured = await captureIssues {
      try await flow.test { turbine in
        await flow.probe.waitUntilFinished()
        try await turbine.skipItems(2)
        try await turbine.awaitComplete()
      }
    }
    captured.expectSingleFailure("Expected complete but found Error(IllegalStateException: Flow has failed)")
  }

  @Test("awaitError finds an item")
  func awaitErrorFindsItem() async throws {
    let captured = await captureIssues {
      try await words().test { turbine in
        try await turbine.awaitError()
      }
    }
    captured.expectSingleFailure("Expected error but found Item(hello)")
  }

  @Test("awaitError finds Complete")
  func awaitErrorFindsComplete() async throws {
    let captured = await captureIssues {
      try await noElements().test { turbine in
        try await turbine.awaitError()
      }
    }
    captured.expectSingleFailure("Expected error but found Complete")
  }

  @Test("a Swift error is described with String(describing:)")
  func swiftErrorDescription() async throws {
    let sequence = ScriptedSequence<Int>([], then: .failure(ScriptedError(reason: "disk full")))
    let captured = await captureIssues {
      try await sequence.test { turbine in
        _ = try await turbine.awaitItem()
      }
    }
    captured.expectSingleFailure("Expected item but found Error(ScriptedError(disk full))")
  }
}
