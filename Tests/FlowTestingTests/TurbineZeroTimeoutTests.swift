import FlowTesting
import Testing

/// An await with a zero (or tiny) timeout must fail at once when nothing is there — never wait
/// for an event that may not come.
@Suite("Turbine: zero timeout", .timeLimit(.minutes(1)))
struct TurbineZeroTimeoutTests {
  private static let attempts = 2_000

  @Test("awaitItem(timeout: .zero) on a silent stream fails at once, 2000 times in a row")
  func zeroTimeoutNeverHangs() async throws {
    let (stream, continuation) = AsyncStream<Int>.makeStream()
    let progress = ZeroTimeoutProgress()
    let captured = await captureIssues {
      try await stream.test { turbine in
        await withTaskGroup(of: Void.self) { group in
          group.addTask {
            for _ in 0..<Self.attempts where !progress.stopped {
              do {
                _ = try await turbine.awaitItem(timeout: .zero)
              } catch {
                progress.timedOut()
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
    #expect(!progress.watchdogFired, "an await with a zero timeout was stuck until the watchdog woke it")
    #expect(Set(captured.messages) == ["No item produced in 0s"])
  }
}

private final class ZeroTimeoutProgress: Sendable {
  private struct State {
    var timeouts = 0
    var stopped = false
  }

  private let state = Protected(State())

  var timeouts: Int { state.withLock { $0.timeouts } }
  var stopped: Bool { state.withLock { $0.stopped } }
  var watchdogFired: Bool { stopped }

  func timedOut() { state.withLock { $0.timeouts += 1 } }
  func stop() { state.withLock { $0.stopped = true } }
}
