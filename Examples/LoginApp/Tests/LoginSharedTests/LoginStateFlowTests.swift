import FlowTesting
import LoginShared
import Testing

/// The view model's `state`, asserted with Turbine-style calls on a clock the test moves by hand.
@Suite(.kotlinLeakCheck(clock: .virtual), .timeLimit(.minutes(1)))
struct LoginStateFlowTests {
  let viewModel = LoginViewModel()

  /// Starts `login` once the collector's request for the next state is outstanding: a StateFlow
  /// collector is conflated, so a state set before it asks again could be replaced unseen.
  private func startLogin(password: String) async throws -> Task<Bool, any Error> {
    let scope = try #require(KotlinRuntimeScope.current)
    try await scope.waitUntil { $0.snapshot().waitingConsumers == 1 }
    return Task { [viewModel] in try await viewModel.login(user: "ann", password: password) }
  }

  @Test("a successful login: Idle, Loading, LoggedIn; logout: Idle")
  func successfulLogin() async throws {
    let scope = try #require(KotlinRuntimeScope.current)
    try await viewModel.state.test { turbine in
      #expect(try await turbine.awaitItem() == .idle)
      let login = try await startLogin(password: "secret")
      #expect(try await turbine.awaitItem() == .loading)
      scope.advance(byMillis: 1_000)
      #expect(try await turbine.awaitItem() == .loggedIn(user: "ann"))
      #expect(try await login.value)
      viewModel.logout()
      #expect(try await turbine.awaitItem() == .idle)
    }
  }

  @Test("a wrong password: Failed, and login returns false")
  func wrongPassword() async throws {
    let scope = try #require(KotlinRuntimeScope.current)
    try await viewModel.state.test { turbine in
      #expect(try await turbine.awaitItem() == .idle)
      let login = try await startLogin(password: "guess")
      #expect(try await turbine.awaitItem() == .loading)
      scope.advance(byMillis: 1_000)
      #expect(try await turbine.awaitItem() == .failed(reason: "Wrong password"))
      #expect(try await login.value == false)
    }
  }

  @Test("an empty password: Failed, and login throws EmptyPasswordException, an IllegalArgumentException")
  func emptyPassword() async throws {
    let scope = try #require(KotlinRuntimeScope.current)
    try await viewModel.state.test { turbine in
      #expect(try await turbine.awaitItem() == .idle)
      let login = try await startLogin(password: "")
      #expect(try await turbine.awaitItem() == .loading)
      scope.advance(byMillis: 1_000)
      #expect(try await turbine.awaitItem() == .failed(reason: "Password must not be empty"))
      let error = await #expect(throws: EmptyPasswordException.self) { try await login.value }
      #expect(error?.className == "com.example.login.EmptyPasswordException")
      #expect(error?.message == "Password must not be empty")
      #expect((error as Any) is ExportedKotlinPackages.kotlin.IllegalArgumentException)
    }
  }

  @Test("wrong passwords are counted per user in failedAttempts, a Kotlin Map<String, Int>")
  func failedAttemptsPerUser() async throws {
    let scope = try #require(KotlinRuntimeScope.current)
    try await viewModel.failedAttempts.test { turbine in
      #expect(try await turbine.awaitItem() == [:])
      let attempts: [(user: String, password: String, expected: [String: Int32]?)] = [
        ("ann", "guess", ["ann": 1]),
        ("bob", "guess", ["ann": 1, "bob": 1]),
        ("ann", "secret", nil),  // accepted: the map is unchanged, so nothing is emitted
        ("ann", "hunter2", ["ann": 2, "bob": 1]),
      ]
      for attempt in attempts {
        let login = Task { [viewModel] in try await viewModel.login(user: attempt.user, password: attempt.password) }
        try await scope.waitUntil { $0.pendingDelayCount == 1 }  // the login waits for its server
        scope.advance(byMillis: 1_000)
        _ = try await login.value
        if let expected = attempt.expected {
          #expect(try await turbine.awaitItem() == expected)
        } else {
          try await turbine.expectNoEvents()
        }
      }
    }
  }

  @Test("a successful login sends one welcome event through the events channel; a failed one none")
  func welcomeEvent() async throws {
    let scope = try #require(KotlinRuntimeScope.current)
    for (user, password) in [("bob", "guess"), ("ann", "secret")] {
      let login = Task { [viewModel] in try await viewModel.login(user: user, password: password) }
      try await scope.waitUntil { $0.pendingDelayCount == 1 }
      scope.advance(byMillis: 1_000)
      _ = try await login.value
    }
    var received: [String] = []
    for try await event in viewModel.events {
      received.append(event)
      break  // a screen handles events as they come; here, the first one
    }
    #expect(received == ["Welcome, ann"])
    #expect(!viewModel.events.isClosedForReceive)
  }

  @Test("logging out twice emits Idle once: an equal state (a data object) is not emitted again")
  func equalStatesAreConflated() async throws {
    try await viewModel.state.test { turbine in
      #expect(try await turbine.awaitItem() == .idle)
      viewModel.logout()
      try await turbine.expectNoEvents()
    }
  }
}
