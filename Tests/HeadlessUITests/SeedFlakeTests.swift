import FlowTesting
import HeadlessUI
import KotlinFixtures
import Testing

/// A flake detector: seed 002's scenario, run 200 times, must draw the same frames every time.
@MainActor
@Suite(.kotlinLeakCheck, .timeLimit(.minutes(1)))
struct SeedFlakeTests {
  @Test("Seed 002, 200 runs: identical frames every time")
  func twoHundredRuns() async throws {
    var first: String?
    var differing: [(run: Int, transcript: String)] = []
    for run in 1...200 {
      let host = HeadlessHost(ContentView())
      try await host.settle()
      for _ in 0..<3 {
        try host.tap("increment")
        try await host.settle()
      }
      await host.unmount()
      let transcript = host.transcript
      if let first {
        if transcript != first { differing.append((run, transcript)) }
      } else {
        first = transcript
        assertSnapshot(of: transcript)
      }
    }
    let example = differing.first.map { "e.g. run \($0.run):\n\($0.transcript)" } ?? ""
    #expect(differing.isEmpty, "\(differing.count) of 200 runs drew other frames than run 1, \(example)")
  }
}
