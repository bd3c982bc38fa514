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
  @Test("settle() never reports a view whose task changes state on every turn as settled (3 s of tries)")
  func spinnerIsNeverQuiet() async throws {
    // The false "quiet" is a scheduling accident (seen about once per second of settling), so the
    // test keeps trying for a bounded time and stops at the first one.
    let deadline = ContinuousClock.now.advanced(by: .seconds(3))
    var tries = 0
    var early: Duration?
    while early == nil, ContinuousClock.now < deadline {
      tries += 1
      let host = HeadlessHost(Spinner())
      let start = ContinuousClock.now
      do {
        try await host.settle(timeout: .milliseconds(20))
        early = ContinuousClock.now - start
      } catch {}
      await host.unmount()
    }
    #expect(early == nil, "try \(tries): settle() returned normally after \(early ?? .zero) instead of timing out")
  }
}
