import FlowTesting
import HeadlessUI
import Testing

/// A parent whose own state changes re-render it (and re-initialise its children).
private struct Parent: View {
  @State private var renders = 0

  var body: some View {
    VStack {
      Text("parent \(renders)")
      Button("parent +1") { renders += 1 }
      TapCounter(label: "child")
    }
  }
}

/// A sibling that comes and goes before the child: an `if` keeps its slot, so the child's
/// identity (and state) does not move.
private struct Banner: View {
  @State private var banner = false

  var body: some View {
    VStack {
      if banner {
        Text("banner")
      }
      TapCounter(label: "child")
      Button("banner") { banner.toggle() }
    }
  }
}

@MainActor
@Suite
struct StateAcrossParentRendersTests {
  @Test("A child's @State survives re-renders of its parent")
  func childStateKept() async throws {
    let host = HeadlessHost(Parent())
    for label in ["child +1", "child +1", "parent +1", "child +1", "parent +1"] {
      try host.tap(label)
      try await host.settle()
    }
    #expect(host.frames.count == 6)
    assertSnapshot(of: host.transcript)
    await host.unmount()
  }

  @Test("A sibling shown or hidden by an if before the child does not reset the child's @State")
  func siblingIfKeepsChildState() async throws {
    let host = HeadlessHost(Banner())
    for label in ["child +1", "banner", "child +1", "banner"] {
      try host.tap(label)
      try await host.settle()
    }
    assertSnapshot(of: host.transcript)
    await host.unmount()
  }
}
