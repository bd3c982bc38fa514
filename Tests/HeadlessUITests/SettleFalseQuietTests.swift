import HeadlessUI
import Testing

/// settle() decides that main-actor work is quiet when the view tree made no change while the
/// settling task yielded a few times. A `.task` that changes state on every turn is never quiet,
/// so settle() must never return for it: it must time out. (`Task.yield()` does not guarantee
/// that other main-actor tasks run meanwhile: one that yields on every turn can be passed over for
/// dozens of another's yields.)
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct SettleFalseQuietTests {
  @Test("settle() reports a view whose task changes state on every turn as busy (3 s of tries)")
  func spinnerIsNeverQuiet() async throws {
    // settle() cannot see inside a task: it concludes "quiet" when no change happened for several
    // main-queue turns and 5 ms. A task that yields on every turn can, under load, be passed over
    // that long by the main executor, so a rare early return is possible; a settle that ignored
    // such a task would return early every time. The bound below tells the two apart.
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
      early.count * 20 <= tries,
      "settle() returned normally for a spinning view in \(early.count) of \(tries) tries (after \(early))")
  }
}
