import FlowTesting
import HeadlessUI
import KotlinFixtures
import Testing

/// A user-style view (StateFlow + delayed cold flow + a suspend call started by a tap) draws the
/// same frames on every run: under `.virtualAutoAdvance` the ticks at 100, 200, 300 ms and the
/// call's answer at 250 ms interleave by virtual time, and each lands as its own frame.
@MainActor
@Suite(.kotlinLeakCheck(clock: .virtualAutoAdvance), .timeLimit(.minutes(1)))
struct DashboardTests {
  @Test("StateFlow, ticks and a tapped suspend call: one frame per change, in virtual-time order")
  func dashboard() async throws {
    let scope = try #require(KotlinRuntimeScope.current)
    assertSnapshot(of: try await runDashboardScenario())
    #expect(scope.currentTimeMillis == 300)
  }
}
