import FlowTesting
import KotlinFixtures
import Testing

/// Under `clock: .virtual` only the test moves time. A test that awaits a Kotlin delay without
/// advancing would hang forever; the leak check's watchdog fails it instead, naming the delay, and
/// cancels the scope's Kotlin work so the await returns.
@Suite("withKotlinLeakCheck: a virtual clock nobody advances", .timeLimit(.minutes(1)))
struct LeakCheckStalledVirtualClockTests {
  private static func stallMessage(waiting: String, due: Int64) -> String {
    "The test waited 300ms on Kotlin (\(waiting)) while virtual time stood still at t=0 ms with 1 delay "
      + "pending, the earliest due at t=\(due) ms. Under clock: .virtual only the test moves time: call "
      + "scope.advance(byMillis:) or scope.advanceUntilIdle() while the call is in flight (start it with async "
      + "let first), or use clock: .virtualAutoAdvance, which moves time whenever both sides are idle, like "
      + "runTest. The scope's Kotlin work was cancelled to end the test."
  }

  @Test("a suspend call parked in delay(1000): fails naming the delay, and the call ends cancelled")
  func stalledSuspendCall() async throws {
    var outcome: String?
    let captured = await captureIssues {
      try await withKotlinLeakCheck(clock: .virtual, timeout: .milliseconds(300)) { _ in
        do {
          let value = try await callAfter(delayMillis: 1_000) { 1 }
          outcome = "returned \(value)"
        } catch {
          outcome = "threw \(type(of: error))"
        }
      }
    }
    #expect(outcome == "threw CancellationError")
    captured.expectSingleFailure(Self.stallMessage(waiting: "1 suspend call", due: 1_000), thrown: false)
  }

  @Test("a collector waiting for a tick due at t=500: fails naming the delay; the loop ends")
  func stalledCollector() async throws {
    var received: [Int64] = []
    var outcome: String?
    let captured = await captureIssues {
      try await withKotlinLeakCheck(clock: .virtual, timeout: .milliseconds(300)) { _ in
        do {
          for try await tick in ticks(periodMillis: 500, count: 3).asAsyncSequence() { received.append(tick) }
          outcome = "finished"
        } catch {
          outcome = "threw \(type(of: error))"
        }
      }
    }
    #expect(received.isEmpty)
    #expect(outcome == "threw CancellationError")
    captured.expectSingleFailure(Self.stallMessage(waiting: "1 flow collector", due: 500), thrown: false)
  }

  @Test("a test that advances while the call is in flight is left alone")
  func advancingTestPasses() async throws {
    let captured = await captureIssues {
      // The default window (10 s): a loaded machine may pause this test between the delay being armed
      // and the advance, and that is no stall.
      try await withKotlinLeakCheck(clock: .virtual) { scope in
        async let value = callAfter(delayMillis: 1_000) { 7 }
        // Advance once the call's delay is armed (advancing earlier would move time past nothing
        // and leave the delay due at t=2000: a hang the watchdog would then report).
        while scope.pendingDelayCount == 0 { await Task.yield() }
        scope.advance(byMillis: 1_000)
        let result = try await value
        #expect(result == 7)
      }
    }
    #expect(captured.issues.isEmpty, "\(captured.issues)")
  }

  @Test("a real-clock or auto-advancing scope is never watched")
  func otherClocksAreNotWatched() async throws {
    let captured = await captureIssues {
      try await withKotlinLeakCheck(clock: .virtualAutoAdvance, timeout: .milliseconds(300)) { _ in
        let result = try await callAfter(delayMillis: 60_000) { 3 }
        #expect(result == 3)
      }
    }
    #expect(captured.issues.isEmpty, "\(captured.issues)")
  }
}
