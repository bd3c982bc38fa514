import FlowTesting
import HeadlessUI
import Testing

/// `_value = State(wrappedValue: start)` in `init`: the initial value counts once per identity.
private struct Seeded: View {
  let start: Int
  @State private var value: Int

  init(start: Int, inits: Counter) {
    inits.increment()
    self.start = start
    _value = State(wrappedValue: start)
  }

  var body: some View {
    VStack {
      Text("start \(start), value \(value)")
      Button("bump") { value += 1 }
    }
  }
}

private struct SeedingParent: View {
  let inits: Counter
  @State private var start = 10
  @State private var generation = 0

  var body: some View {
    VStack {
      Seeded(start: start, inits: inits).id(generation)
      Button("next start") { start += 10 }
      Button("new identity") { generation += 1 }
    }
  }
}

@MainActor
@Suite
struct StateInitialValueTests {
  @Test("@State's initial value is used once per identity, though init runs on every parent render")
  func initialValueOncePerIdentity() async throws {
    let inits = Counter()
    let host = HeadlessHost(SeedingParent(inits: inits))
    for label in ["next start", "bump", "next start", "new identity", "bump"] {
      try host.tap(label)
      try await host.settle()
    }
    #expect(inits.value == 4)  // once per parent body: first render, next start ×2, new identity
    assertSnapshot(of: host.transcript)
    await host.unmount()
  }
}
