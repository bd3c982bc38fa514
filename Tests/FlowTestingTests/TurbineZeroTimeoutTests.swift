import FlowTesting
import Testing

/// An await with a zero (or tiny) timeout must fail at once when nothing is there — never wait
/// for an event that may not come.
@Suite("Turbine: zero timeout", .timeLimit(.minutes(1)))
struct TurbineZeroTimeoutTests {
  private static let attempts = 2_000
  private static let message = "No item produced in 0s"

  @Test("awaitItem(timeout: .zero) on a silent stream fails at once, saying so")
  func zeroTimeoutMessage() async throws {
    let (stream, _) = AsyncStream<Int>.makeStream()
    let captured = await captureIssues {
      try await stream.test { turbine in
        _ = try await turbine.awaitItem(timeout: .zero)
      }
    }
    captured.expectSingleFailure(Self.message)
  }

  /// The message is checked once, above. Here each expected failure is counted and dropped (an
  /// issue-handling scope), so that 2000 deliberate failures do not become 2000 known issues in the
  /// run's summary; any other issue still fails the test.
  @Test("awaitItem(timeout: .zero) on a silent stream returns at once, 2000 times in a row")
  func zeroTimeoutNeverHangs() async throws {
    let test = try #require(Test.current)
    let (stream, continuation) = AsyncStream<Int>.makeStream()
    let progress = ZeroTimeoutProgress()
    let dropExpectedFailures = IssueHandlingTrait.filterIssues { issue in
      guard issue.comments.map(\.rawValue) == [Self.message] else { return true }
      progress.droppedIssue()
      return false
    }
    try await dropExpectedFailures.provideScope(for: test, testCase: Test.Case.current) {
      try await stream.test { turbine in
        await withTaskGroup(of: Void.self) { group in
          group.addTask {
            for _ in 0..<Self.attempts where !progress.stopped {
              do {
                _ = try await turbine.awaitItem(timeout: .zero)
                progress.unexpected("an item")
              } catch let failure as FlowTestingFailure where failure.message == Self.message {
                progress.timedOut()
              } catch {
                progress.unexpected("\(error)")
              }
            }
          }
          group.addTask {
            // A watchdog, not synchronisation: when no await returned for five seconds, one is
            // stuck; it stops the loop and wakes the stuck await so that the test can report it.
            var seen = -1
            while progress.timeouts != seen {
              seen = progress.timeouts
              do { try await Task.sleep(for: .seconds(5)) } catch { return }  // all awaits returned
            }
            progress.stop()
            continuation.yield(-1)
          }
          await group.next()
          group.cancelAll()
        }
        await turbine.cancelAndIgnoreRemainingEvents()
      }
    }
    #expect(progress.timeouts == Self.attempts, "\(progress.timeouts) of \(Self.attempts) awaits returned")
    #expect(progress.droppedIssues == Self.attempts, "each timeout recorded its failure once")
    #expect(progress.unexpectedOutcomes.isEmpty)
    #expect(!progress.watchdogFired, "an await with a zero timeout was stuck until the watchdog woke it")
  }
}

private final class ZeroTimeoutProgress: Sendable {
  private struct State {
    var timeouts = 0
    var droppedIssues = 0
    var unexpectedOutcomes: [String] = []
    var stopped = false
  }

  private let state = Protected(State())

  var timeouts: Int { state.withLock { $0.timeouts } }
  var droppedIssues: Int { state.withLock { $0.droppedIssues } }
  var unexpectedOutcomes: [String] { state.withLock { $0.unexpectedOutcomes } }
  var stopped: Bool { state.withLock { $0.stopped } }
  var watchdogFired: Bool { stopped }

  func timedOut() { state.withLock { $0.timeouts += 1 } }
  func droppedIssue() { state.withLock { $0.droppedIssues += 1 } }
  func unexpected(_ outcome: String) { state.withLock { $0.unexpectedOutcomes.append(outcome) } }
  func stop() { state.withLock { $0.stopped = true } }
}
