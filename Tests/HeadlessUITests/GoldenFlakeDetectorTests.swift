import Foundation
import HeadlessUI
import KotlinBridge
import KotlinFixtures
import Testing

/// The flake detector: the golden UI scenarios run again and again, each repetition in a fresh
/// Kotlin runtime scope with the clock its suite uses, and every transcript must equal the committed
/// golden. `FLAKE_REPETITIONS` sets the count (default 10 to keep `swift test` quick; `.ci/run`
/// runs 200 while a busy process loads both cores). A difference names the scenario, the
/// repetition and the first line that differs.
@MainActor
@Suite(.timeLimit(.minutes(10)))
struct GoldenFlakeDetectorTests {
  nonisolated static let repetitions = ProcessInfo.processInfo.environment["FLAKE_REPETITIONS"].flatMap(Int.init) ?? 10

  struct Scenario: Sendable, CustomTestStringConvertible {
    let golden: String  // <Suite>/<test>, under __Snapshots__
    let clock: KotlinClock
    let run: @MainActor @Sendable () async throws -> String
    var testDescription: String { golden }
  }

  nonisolated static let scenarios: [Scenario] = [
    Scenario(golden: "ObservingViewTests/coldFlowWords", clock: .virtualAutoAdvance) {
      let host = HeadlessHost(ObservingView(flow: words(), initialValue: "…") { word in Text(word) })
      try await host.settle()
      await host.unmount()
      return host.transcript(droppingUnmount: true)
    },
    Scenario(golden: "ObservingViewTests/coldFlowTicks", clock: .virtualAutoAdvance) {
      let host = HeadlessHost(
        ObservingView(flow: ticks(periodMillis: 60_000, count: 3), initialValue: -1) { tick in
          VStack { Text("tick \(tick)") }
        })
      try await host.settle()
      await host.unmount()
      return host.transcript(droppingUnmount: true)
    },
    Scenario(golden: "ObservingViewTests/stateFlow", clock: .virtualAutoAdvance) {
      let store = Store()
      store.increment()
      store.increment()
      let host = HeadlessHost(ObservingView(stateFlow: store.state) { value in Text("count \(value)") })
      try await host.settle()
      store.increment()
      try await host.settle()
      store.reset()
      try await host.settle()
      await host.unmount()
      return host.transcript(droppingUnmount: true)
    },
    Scenario(golden: "SeedScenarioTests/counterFrames", clock: .real) {
      let host = HeadlessHost(ContentView())
      try await host.settle()
      for _ in 0..<3 {
        try host.tap("increment")
        try await host.settle()
      }
      await host.unmount()
      return host.transcript(droppingUnmount: true)
    },
    Scenario(golden: "DashboardTests/dashboard", clock: .virtualAutoAdvance) {
      try await runDashboardScenario()
    },
  ]

  @Test("Golden UI scenarios draw their golden frames on every repetition", arguments: scenarios)
  func identicalEveryTime(_ scenario: Scenario) async throws {
    let golden = try Self.golden(scenario.golden)
    var differing: [(repetition: Int, transcript: String)] = []
    for repetition in 1...Self.repetitions {
      let transcript = try await KotlinTestRuntime.withScope(clock: scenario.clock) { scope in
        let transcript = try await scenario.run()
        #expect(scope.snapshot().liveCollections == 0, "repetition \(repetition) left a collection alive")
        return transcript
      }
      if Self.trimmed(transcript) != golden { differing.append((repetition, transcript)) }
    }
    let example = differing.first.map { "first at repetition \($0.repetition):\n\($0.transcript)" } ?? ""
    #expect(
      differing.isEmpty,
      "\(scenario.golden): \(differing.count) of \(Self.repetitions) repetitions differ from the golden; \(example)")
  }

  private static func golden(_ name: String) throws -> String {
    let url = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "__Snapshots__/\(name).txt")
    return trimmed(try String(contentsOf: url, encoding: .utf8))
  }

  /// As assertSnapshot compares: trailing newlines dropped.
  private static func trimmed(_ text: String) -> String {
    var text = text
    while text.hasSuffix("\n") { text.removeLast() }
    return text
  }
}

extension HeadlessHost {
  /// The transcript; unmount's empty last frame left out when the golden was taken before unmount.
  fileprivate func transcript(droppingUnmount: Bool) -> String {
    var frames = self.frames
    if droppingUnmount, frames.last == "" { frames.removeLast() }
    return frames.joined(separator: "\n---\n")
  }
}
