import FlowTesting
import HeadlessUI
import KotlinFixtures
import Testing

/// Seed 002 with `import SwiftUI`: the same frames as with `import HeadlessUI`.
@MainActor
@Suite(.kotlinLeakCheck, .timeLimit(.minutes(1)))
struct Seed002ImportSwiftUITests {
  @Test("Seed 002 compiled against `import SwiftUI` renders the counter and its increments")
  func counter() async throws {
    let host = HeadlessHost(ContentView())
    try await host.settle()
    try host.tap("increment")
    try await host.settle()
    #expect(
      host.frames == ["VStack\n  Text \"0\"\n  Button \"increment\"", "VStack\n  Text \"1\"\n  Button \"increment\""])
    await host.unmount()
  }
}
