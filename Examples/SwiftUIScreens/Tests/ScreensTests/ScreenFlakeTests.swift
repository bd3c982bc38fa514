import FlowTesting
import Foundation
import Testing

/// A flake detector: every screen's scenario, run again and again, must draw the same frames every
/// time. `FLAKE_REPETITIONS` sets the count (default 25; `.ci/run` runs 200 with both cores busy).
@MainActor
@Suite(.kotlinLeakCheck, .timeLimit(.minutes(10)))
struct ScreenFlakeTests {
  nonisolated static let repetitions = max(
    2, ProcessInfo.processInfo.environment["FLAKE_REPETITIONS"].flatMap(Int.init) ?? 25)

  @Test("Each screen's scenario, repeated, draws identical frames", arguments: Scenarios.names)
  func identicalRuns(name: String) async throws {
    let run = try #require(Scenarios.all.first { $0.name == name }).run
    let first = try await run()
    var differing: [Int] = []
    for attempt in 2...Self.repetitions where try await run() != first { differing.append(attempt) }
    #expect(differing.isEmpty, "runs \(differing) of \(name) drew other frames than run 1")
  }
}
