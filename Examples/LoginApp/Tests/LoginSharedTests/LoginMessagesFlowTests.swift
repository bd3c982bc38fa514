import FlowTesting
import LoginShared
import Testing

/// The view model's `messages`, a cold flow with delays, asserted with Turbine-style calls.
@Suite(.kotlinLeakCheck(clock: .virtualAutoAdvance), .timeLimit(.minutes(1)))
struct LoginMessagesFlowTests {
  @Test("three lists at 0 s, 2 s and 5 s of virtual time, then completion")
  func threeListsThenComplete() async throws {
    let scope = try #require(KotlinRuntimeScope.current)
    let viewModel = LoginViewModel()
    try await viewModel.messages.test { turbine in
      #expect(try await turbine.awaitItem() == ["Welcome"])
      #expect(try await turbine.awaitItem() == ["Welcome", "Maintenance tonight"])
      #expect(try await turbine.awaitItem() == ["Welcome", "Maintenance tonight", "New terms of use"])
      try await turbine.awaitComplete()
      #expect(scope.currentTimeMillis == 5_000)  // the two delays, and not a millisecond of real time
    }
  }

  @Test("each collection runs the flow anew, from the first list")
  func coldFlow() async throws {
    let viewModel = LoginViewModel()
    for _ in 0..<2 {
      try await viewModel.messages.test { (turbine: FlowTurbine<[String]>) async throws in
        #expect(try await turbine.awaitItem() == ["Welcome"])
        await turbine.cancelAndIgnoreRemainingEvents()
      }
    }
  }
}
