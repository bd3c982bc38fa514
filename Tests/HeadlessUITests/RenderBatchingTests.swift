import FlowTesting
import HeadlessUI
import Testing

/// Three pieces of state, and a count of body evaluations.
private struct Triple: View {
  let bodies: Counter
  @State private var a = 0
  @State private var b = 0
  @State private var c = 0

  var body: some View {
    bodies.increment()
    return VStack {
      Text("a \(a), b \(b), c \(c)")
      Button("change all") {
        a += 1
        b += 2
        c += 3
        a += 1
      }
    }
    .task {
      a = 10
      b = 20
      c = 30
    }
  }
}

@MainActor
@Suite
struct RenderBatchingTests {
  @Test("Several state changes in one action give one render: one new frame, one body evaluation")
  func oneRenderPerTurnFromAnAction() async throws {
    let bodies = Counter()
    let host = HeadlessHost(Triple(bodies: bodies))
    try await host.settle()
    let frames = host.frames.count
    let evaluations = bodies.value
    try host.tap("change all")
    _ = host.render()
    #expect(host.frames.count == frames + 1)
    #expect(bodies.value == evaluations + 1)
    try await host.settle()
    #expect(host.frames.count == frames + 1)
    #expect(bodies.value == evaluations + 1)
    assertSnapshot(of: host.transcript)
    await host.unmount()
  }

  @Test("Several state changes in one turn of a .task give one render")
  func oneRenderPerTurnFromATask() async throws {
    let bodies = Counter()
    let host = HeadlessHost(Triple(bodies: bodies))
    #expect(host.frames.count == 1)
    #expect(bodies.value == 1)
    try await host.settle()
    #expect(
      host.frames == [
        "VStack\n  Text \"a 0, b 0, c 0\"\n  Button \"change all\"",
        "VStack\n  Text \"a 10, b 20, c 30\"\n  Button \"change all\"",
      ])
    #expect(bodies.value == 2)
    await host.unmount()
  }
}
