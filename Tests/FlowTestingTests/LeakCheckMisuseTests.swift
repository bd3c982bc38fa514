import FlowTesting
import KotlinFixtures
import Testing

/// A misuse the Kotlin runtime reports during the body fails the check too, quoting the runtime.
///
/// Reachable through public API: advancing a virtual clock from a Kotlin callback of the same scope
/// (here the lambda of `callAfter`) would wait for itself, so the runtime refuses and reports it.
@Suite("withKotlinLeakCheck: runtime misuse", .kotlinLeakCheck, .timeLimit(.minutes(1)))
struct LeakCheckMisuseTests {
  @Test("advancing the clock from a Kotlin callback is reported as a misuse")
  func misuseIsReported() async throws {
    let captured = await captureIssues {
      try await withKotlinLeakCheck(clock: .virtual, timeout: .milliseconds(200)) { scope in
        let result = try await callAfter(delayMillis: 0) {
          scope.runNextDelay()  // from a Kotlin worker of `scope`: refused
          return 7
        }
        #expect(result == 7)
      }
    }
    captured.expectSingleFailure(
      "The Kotlin runtime reported 1 misuse event during the test; last: shared_TestRuntime_runNextDelay: called "
        + "from a callback of the same scope, which would wait for itself; advance from the test's own thread",
      thrown: false)
  }
}
