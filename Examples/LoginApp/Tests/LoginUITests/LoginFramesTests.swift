import FlowTesting
import HeadlessUI
import LoginShared
import LoginUI
import Testing

/// A successful login, frame by frame. The scope's clock is virtual and moved by hand (like
/// kotlinx-coroutines-test's `advanceTimeBy`), so the Loading frame is always there: the call waits in
/// its `delay(1_000)` until the test lets the server answer.
@MainActor
@Suite(.kotlinLeakCheck(clock: .virtual), .timeLimit(.minutes(1)))
struct LoginFramesTests {
  @Test("Idle, Loading, LoggedIn: the frames of a successful login")
  func successfulLogin() async throws {
    let scope = try #require(KotlinRuntimeScope.current)
    let host = HeadlessHost(LoginView(user: "ann", password: "secret"))
    try await host.settle()  // Idle, and the first message
    try host.tap("Log in")
    try await host.settle()  // Loading: the call waits in delay(1_000)
    scope.advance(byMillis: 1_000)  // the server answers
    try await host.settle()
    assertSnapshot(of: host.frames.joined(separator: "\n---\n"))
    await host.unmount()
  }
}
