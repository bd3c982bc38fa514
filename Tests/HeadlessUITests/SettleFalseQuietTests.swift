import HeadlessUI
import Testing

/// settle() decides quiet from the test scheduler's count of view-task jobs. A `.task` that changes
/// state on every turn always has its next job queued, so settle() must never return for it: it
/// must time out, every time, however the machine is loaded.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct SettleFalseQuietTests {
  @Test("settle() reports a view whose task changes state on every turn as busy (3 s of tries)")
  func spinnerIsNeverQuiet() async throws {
    let deadline = ContinuousClock.now.advanced(by: .seconds(3))
    var tries = 0
    var early: [Duration] = []
    while ContinuousClock.now < deadline {
      tries += 1
      let host = HeadlessHost(Spinner())
      let start = ContinuousClock.now
      do {
        try await host.settle(timeout: .milliseconds(20))
        early.append(ContinuousClock.now - start)
      } catch {}
      await host.unmount()
    }
    #expect(
      early.isEmpty,
      "settle() returned normally for a spinning view in \(early.count) of \(tries) tries (after \(early))")
  }
}
