import HeadlessUI
import Testing

@MainActor
@Suite(.timeLimit(.minutes(1)))
struct SettleTimeoutTests {
  @Test("settle() throws .notSettled after its timeout when a task keeps changing state, naming what is busy")
  func notSettled() async throws {
    // The spinner's task always has a job queued (each yield enqueues the next), so settle() can
    // never see it idle: it must time out on the first try.
    var error: HeadlessHostError?
    let host = HeadlessHost(Spinner())
    let start = ContinuousClock.now
    do {
      try await host.settle(timeout: .milliseconds(200))
    } catch let caught as HeadlessHostError {
      error = caught
    }
    let elapsed = ContinuousClock.now - start
    await host.unmount()
    let frames = host.frames
    let notSettled = try #require(error)
    #expect(notSettled.code == .notSettled)
    #expect(
      notSettled.message
        == "settle() timed out after 0.2 seconds: views kept changing (a view task always had a job queued); "
        + "1 view task(s) running")
    #expect(elapsed >= .milliseconds(200))
    #expect(elapsed < .seconds(10))
    #expect(frames == ["Text \"spins none\"", "Text \"spins some\"", ""])
  }
}
