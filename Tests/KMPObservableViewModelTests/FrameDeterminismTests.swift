import FlowTesting
import HeadlessUI
import KotlinBridge
import Testing

/// The same scenario draws the same frames every time: Kotlin coroutines on virtual time and the
/// view's redraws interleave in an order that depends only on the program.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct FrameDeterminismTests {
  @Test func repeatedRunsDrawIdenticalFrames() async throws {
    var transcripts: Set<String> = []
    for _ in 0..<20 {
      transcripts.insert(try await Self.scenario())
    }
    #expect(transcripts.count == 1)
    // Each frame's time and status: the load lands at 500 ms, the ticks at 1 s and 2 s; then the
    // view leaves (an empty frame).
    let frames = try #require(transcripts.first).components(separatedBy: "\n---\n")
    let summary = frames.map { frame in frame.split(separator: "\n").dropFirst().prefix(2).joined(separator: " ") }
    #expect(
      summary == [
        #"  Text "0 s"   Text "idle""#, #"  Text "0 s"   Text "loading""#, #"  Text "0 s"   Text "loaded""#,
        #"  Text "1 s"   Text "loaded""#, #"  Text "2 s"   Text "loaded""#, "",
      ])
  }

  /// Starts the ticker and a load together, then moves time past both.
  static func scenario() async throws -> String {
    try await withKotlinLeakCheck(clock: .virtual) { _ in
      let host = HeadlessHost(TimerScreen())
      try await host.settle()
      try host.tap("Start")
      try host.tap("Load")
      try await host.settle()
      try await host.advanceTime(byMillis: 2_000)
      await host.unmount()
      return host.frames.joined(separator: "\n---\n")
    }
  }
}
