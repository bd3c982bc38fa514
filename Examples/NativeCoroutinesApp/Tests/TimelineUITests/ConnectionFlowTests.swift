import FlowTesting
import Foundation
import KMPNativeCoroutinesAsync
import Testing
import TimelineShared

/// The view model's `connection` flow on its own, through `asyncSequence(for:)` as the screen reads it,
/// with Turbine: one event per emission, the minute online passing instantly on the virtual clock.
@Suite(.kotlinLeakCheck(clock: .virtualAutoAdvance), .timeLimit(.minutes(1)))
struct ConnectionFlowTests {
  @Test func connectingThenOnlineThenLost() async throws {
    let viewModel = TimelineViewModel()
    try await asyncSequence(for: viewModel.connection).test { (turbine: FlowTurbine<String>) async throws in
      #expect(try await turbine.awaitItem() == "Connecting…")
      #expect(try await turbine.awaitItem() == "Online")
      let error = try await turbine.awaitError() as NSError
      #expect(error.domain == "KotlinException")
      #expect(error.localizedDescription == "Connection lost")
    }
  }
}
