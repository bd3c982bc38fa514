import FlowTesting
import HeadlessUI
import LoginShared
import LoginUI
import Testing

/// The messages flow waits 2 s, then 3 s between lists. On a virtual clock the frames are the same on
/// every run and no test waits for real time.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct MessagesOnVirtualTimeTests {
  @Test("stepping the clock: one frame per list, at 0 s, 2 s and 5 s", .kotlinLeakCheck(clock: .virtual))
  func steppedByHand() async throws {
    let scope = try #require(KotlinRuntimeScope.current)
    let host = HeadlessHost(LoginView(user: "ann", password: "secret"))
    try await host.settle()
    scope.advance(byMillis: 1_999)
    try await host.settle()
    #expect(host.frames.count == 2)  // nothing new a millisecond before the second list
    scope.advance(byMillis: 1)
    try await host.settle()
    scope.advance(byMillis: 3_000)
    try await host.settle()
    #expect(scope.currentTimeMillis == 5_000)
    assertSnapshot(of: host.frames.joined(separator: "\n---\n"))
    await host.unmount()
  }

  @Test("auto-advance: every list is drawn, and 5 s pass instantly", .kotlinLeakCheck(clock: .virtualAutoAdvance))
  func autoAdvance() async throws {
    let scope = try #require(KotlinRuntimeScope.current)
    let host = HeadlessHost(LoginView(user: "ann", password: "secret"))
    try await host.settle()
    #expect(scope.currentTimeMillis == 5_000)
    assertSnapshot(of: host.frames.joined(separator: "\n---\n"))
    await host.unmount()
  }
}
