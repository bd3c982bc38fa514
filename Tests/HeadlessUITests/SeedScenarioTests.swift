import FlowTesting
import HeadlessUI
import KotlinFixtures
import Testing

@MainActor
@Suite(.kotlinLeakCheck)
struct SeedScenarioTests {
  @Test("Seed 002: the counter renders 0, then each increment")
  func counterFrames() async throws {
    let host = HeadlessHost(ContentView())
    try await host.settle()
    for _ in 0..<3 {
      try host.tap("increment")
      try await host.settle()
    }
    assertSnapshot(of: host.frames.joined(separator: "\n---\n"))
    await host.unmount()
  }
}
