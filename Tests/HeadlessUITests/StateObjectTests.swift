import FlowTesting
import HeadlessUI
import Testing

private final class Clicks: ObservableObject {
  @Published var count = 0
}

private struct Clicker: View {
  @StateObject private var clicks: Clicks

  init(creations: Counter) {
    _clicks = StateObject(
      wrappedValue: {
        creations.increment()
        return Clicks()
      }())
  }

  var body: some View {
    HStack {
      Text("clicks \(clicks.count)")
      Button("click") { clicks.count += 1 }
    }
  }
}

private struct ClickerParent: View {
  let creations: Counter
  @State private var renders = 0
  @State private var generation = 0

  var body: some View {
    VStack {
      Text("parent \(renders)")
      Clicker(creations: creations).id(generation)
      Button("re-render") { renders += 1 }
      Button("new identity") { generation += 1 }
    }
  }
}

@MainActor
@Suite
struct StateObjectTests {
  @Test("@StateObject's autoclosure runs once per identity; @Published changes re-render")
  func autoclosureOncePerIdentity() async throws {
    let creations = Counter()
    let host = HeadlessHost(ClickerParent(creations: creations))
    for label in ["click", "re-render", "click", "re-render", "re-render"] {
      try host.tap(label)
      try await host.settle()
    }
    #expect(creations.value == 1)
    try host.tap("new identity")
    try await host.settle()
    #expect(creations.value == 2)
    try host.tap("click")
    try await host.settle()
    #expect(creations.value == 2)
    assertSnapshot(of: host.transcript)
    await host.unmount()
  }
}
