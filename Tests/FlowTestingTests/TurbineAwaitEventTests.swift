import FlowTesting
import KotlinFixtures
import Testing

/// `awaitEvent()` returns whatever comes next, and events describe themselves in Turbine's words.
@Suite("Turbine: awaitEvent and event descriptions", .kotlinLeakCheck, .timeLimit(.minutes(1)))
struct TurbineAwaitEventTests {
  @Test("awaitEvent returns items and the terminal event in order")
  func eventsInOrder() async throws {
    let flow = failing().asAsyncSequence().probed()
    try await flow.test { turbine in
      await flow.probe.waitUntilFinished()
      var events: [FlowEvent<Elem>] = []
      for _ in 0..<3 { events.append(try await turbine.awaitEvent()) }
      #expect(
        events.map(\.description) == [
          "Item(Element1)", "Item(Element2)", "Error(IllegalStateException: Flow has failed)",
        ])
      guard case .error(let error) = events[2] else {
        Issue.record("the third event is \(events[2]), not an error")
        return
      }
      #expect(
        (error as? ExportedKotlinPackages.kotlin.IllegalStateException)?.toString()
          == "kotlin.IllegalStateException: Flow has failed")
    }
  }

  @Test("awaitEvent returns Complete")
  func complete() async throws {
    try await noElements().test { turbine in
      let event = try await turbine.awaitEvent()
      guard case .complete = event else {
        Issue.record("expected Complete, got \(event)")
        return
      }
    }
  }

  @Test(
    "descriptions",
    arguments: [
      (FlowEvent<Int>.item(2), "Item(2)"),
      (.complete, "Complete"),
      (
        .error(ExportedKotlinPackages.kotlin.IllegalStateException(message: "Flow has failed")),
        "Error(IllegalStateException: Flow has failed)"
      ),
      (
        .error(ExportedKotlinPackages.kotlin.IllegalStateException(message: nil)), "Error(IllegalStateException)"
      ),
      (
        .error(ExportedKotlinPackages.kotlin.Throwable.make(kotlinClassName: "Unpackaged", message: "m")),
        "Error(Unpackaged: m)"
      ),
      (.error(ScriptedError(reason: "swift")), "Error(ScriptedError(swift))"),
    ])
  func description(event: FlowEvent<Int>, expected: String) {
    #expect(event.description == expected)
  }
}
