import FlowTesting
import HeadlessUI
import LoginShared
import LoginUI
import Testing

/// The Failed path: `login` throws EmptyPasswordException for an empty password; the state flow says
/// Failed and the view shows the Kotlin exception it caught.
@MainActor
@Suite(.kotlinLeakCheck(clock: .virtual), .timeLimit(.minutes(1)))
struct LoginFailureTests {
  @Test("an empty password: Failed, with the EmptyPasswordException on screen, and Log in offered again")
  func emptyPassword() async throws {
    let scope = try #require(KotlinRuntimeScope.current)
    let host = HeadlessHost(LoginView(user: "ann", password: ""))
    try await host.settle()
    try host.tap("Log in")
    try await host.settle()
    #expect(host.render().contains("Text \"Logging in…\""))
    scope.advance(byMillis: 1_000)
    try await host.settle()
    #expect(
      host.render() == """
        VStack
          Text "Login failed: Password must not be empty"
          Button "Log in"
          Text "Error: EmptyPasswordException: Password must not be empty"
          Text "Welcome"
        """)
    await host.unmount()
  }
}
