import FlowTesting
import KotlinBridge
import KotlinTestDoubles
import Testing

/// A fake whose flow is derived from another Kotlin flow — Kotlin's `map`, `filter`, `combine` — is
/// written as a `flow { }` body that collects the upstream: Kotlin's own definition of those operators.
/// The body's wait on the upstream is a Kotlin suspension like `emit` or `delay`, so virtual time,
/// `settle()` and the leak check treat it as one.
@Suite("flow { } collecting another flow", .timeLimit(.minutes(1)))
struct FlowOfFlowTests {
  @Test("map and filter over a cold flow with delays, on an auto-advancing clock")
  func mapOverColdFlow() async throws {
    try await withKotlinLeakCheck(clock: .virtualAutoAdvance) { scope in
      let ticks = flow { (collector: FlowCollector<Int32>) in
        for n in Int32(0)..<6 {
          try await delay(1_000)
          try await collector.emit(n)
        }
      }
      // Kotlin: ticks.filter { it % 2 == 0 }.map { "tick $it" }
      let labels = flow { (collector: FlowCollector<String>) in
        for try await n in ticks.asAsyncSequence() where n % 2 == 0 { try await collector.emit("tick \(n)") }
      }
      var seen: [String] = []
      for try await label in labels.asAsyncSequence() { seen.append(label) }
      #expect(seen == ["tick 0", "tick 2", "tick 4"])
      #expect(scope.currentTimeMillis == 6_000)
    }
  }

  @Test("a derived StateFlow view: map over a MutableStateFlow, stepped by hand on a virtual clock")
  func mapOverStateFlow() async throws {
    try await withKotlinLeakCheck(clock: .virtual) { _ in
      let count = MutableStateFlow<Int32>(0)
      let label = flow { (collector: FlowCollector<String>) in
        for try await n in count.asAsyncSequence() { try await collector.emit("count \(n)") }
      }
      try await label.test { (turbine: FlowTurbine<String>) async throws in
        #expect(try await turbine.awaitItem() == "count 0")
        count.value = 1
        #expect(try await turbine.awaitItem() == "count 1")
        await turbine.cancelAndIgnoreRemainingEvents()
      }
    }
  }
}
