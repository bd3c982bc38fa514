import FlowTesting
import Testing

/// A flake detector: every screen's scenario, run 25 times, must draw the same frames every time.
@MainActor
@Suite(.kotlinLeakCheck, .timeLimit(.minutes(2)))
struct ScreenFlakeTests {
  @Test("25 runs of each screen's scenario draw identical frames", arguments: Scenarios.names)
  func identicalRuns(name: String) async throws {
    let run = try #require(Scenarios.all.first { $0.name == name }).run
    let first = try await run()
    var differing: [Int] = []
    for attempt in 2...25 where try await run() != first { differing.append(attempt) }
    #expect(differing.isEmpty, "runs \(differing) of \(name) drew other frames than run 1")
  }
}
