import FlowTesting
import HeadlessUI
import Testing

/// A child that logs its appearances, inside a parent that re-renders, hides it and renews its id.
private struct Host: View {
  let log: EventLog
  @State private var renders = 0
  @State private var shown = true
  @State private var generation = 0

  var body: some View {
    VStack {
      Text("renders \(renders)")
      if shown {
        Text("child \(generation)")
          .onAppear { log.record("appear \(generation)") }
          .onDisappear { log.record("disappear") }
          .id(generation)
      }
      Button("re-render") { renders += 1 }
      Button("toggle") { shown.toggle() }
      Button("new id") { generation += 1 }
    }
  }
}

/// Rows that log their appearances, reordered.
private struct ReorderedRows: View {
  let log: EventLog
  @State private var names = ["a", "b", "c"]

  var body: some View {
    VStack {
      ForEach(names, id: \.self) { name in
        Text(name)
          .onAppear { log.record("appear \(name)") }
          .onDisappear { log.record("disappear \(name)") }
      }
      Button("reverse") { names.reverse() }
    }
  }
}

@MainActor
@Suite
struct AppearanceTests {
  private func run(_ host: HeadlessHost<some View>, _ taps: [String]) async throws {
    for label in taps {
      try host.tap(label)
      try await host.settle()
    }
  }

  @Test(".onAppear runs once per identity, however often the view re-renders")
  func onAppearOncePerIdentity() async throws {
    let log = EventLog()
    let host = HeadlessHost(Host(log: log))
    #expect(log.events == ["appear 0"])
    try await run(host, ["re-render", "re-render", "re-render"])
    #expect(log.events == ["appear 0"])
    await host.unmount()
  }

  @Test(".onDisappear runs when the view is removed; coming back is a new appearance")
  func onDisappearWhenRemoved() async throws {
    let log = EventLog()
    let host = HeadlessHost(Host(log: log))
    try await run(host, ["toggle"])
    #expect(log.events == ["appear 0", "disappear"])
    try await run(host, ["toggle", "re-render"])
    #expect(log.events == ["appear 0", "disappear", "appear 0"])
    try await run(host, ["new id"])
    #expect(log.events == ["appear 0", "disappear", "appear 0", "disappear", "appear 1"])
    await host.unmount()
    #expect(log.events == ["appear 0", "disappear", "appear 0", "disappear", "appear 1", "disappear"])
    assertSnapshot(of: host.transcript)
  }

  @Test("Reordering ForEach rows neither re-runs .onAppear nor runs .onDisappear")
  func reorderKeepsAppearance() async throws {
    let log = EventLog()
    let host = HeadlessHost(ReorderedRows(log: log))
    #expect(log.events.sorted() == ["appear a", "appear b", "appear c"])
    try await run(host, ["reverse", "reverse", "reverse"])
    #expect(host.render() == "VStack\n  Text \"c\"\n  Text \"b\"\n  Text \"a\"\n  Button \"reverse\"")
    #expect(log.events.count == 3)
    await host.unmount()
    #expect(log.events.count == 6)
  }
}
