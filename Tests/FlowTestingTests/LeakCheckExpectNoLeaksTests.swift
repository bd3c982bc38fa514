import FlowTesting
import KotlinFixtures
import Testing

/// `expectNoKotlinLeaks(in:)` checks a scope the test opened itself, and says whether it was clean.
@Suite("expectNoKotlinLeaks", .timeLimit(.minutes(1)))
struct LeakCheckExpectNoLeaksTests {
  @Test("a scope whose work is over is clean")
  func cleanScope() async throws {
    try await KotlinTestRuntime.withScope { scope in
      for try await _ in elements().asAsyncSequence() { break }
      let clean = await expectNoKotlinLeaks(in: scope)
      #expect(clean)
    }
  }

  @Test("a scope that still holds a Kotlin object: false, and the leak recorded at the call")
  func leakingScope() async throws {
    try await KotlinTestRuntime.withScope { scope in
      let store = Store()
      var clean = true
      var callLine = 0
      let captured = await captureIssues {
        callLine = #line + 1
        clean = await expectNoKotlinLeaks(in: scope, timeout: .milliseconds(100))
      }
      withExtendedLifetime(store) {}
      #expect(!clean)
      captured.expectSingleFailure(
        "Kotlin leak after the test (waited 100ms): 2 live stable refs (1 × kotlinx.coroutines.flow.ReadonlyStateFlow, 1 × shared.Store). Drop Kotlin objects, finish or break out of "
          + "loops, and cancel tasks before the test ends.", thrown: false)
      #expect(captured.issues.first?.sourceLocation?.line == callLine)
    }
  }
}
