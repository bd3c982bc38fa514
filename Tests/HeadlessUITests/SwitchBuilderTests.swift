import FlowTesting
import HeadlessUI
import Testing

private enum Phase {
  case loading
  case loaded([String])
  case failed(String)
}

/// A `switch` in a `@ViewBuilder`: each case is its own identity.
private struct PhaseView: View {
  @State private var phase = Phase.loading

  var body: some View {
    VStack {
      switch phase {
      case .loading:
        TapCounter(label: "loading")
      case .loaded(let items):
        ForEach(items, id: \.self) { item in Text(item) }
      case .failed(let message):
        Text("error: \(message)")
        TapCounter(label: "retry")
      }
      Button("load") { phase = .loaded(["one", "two"]) }
      Button("fail") { phase = .failed("offline") }
      Button("reload") { phase = .loading }
    }
  }
}

@MainActor
@Suite
struct SwitchBuilderTests {
  @Test("switch in @ViewBuilder draws the matching case; switching cases drops the old case's state")
  func switchCases() async throws {
    let host = HeadlessHost(PhaseView())
    for label in ["loading +1", "fail", "retry +1", "load", "reload"] {
      try host.tap(label)
      try await host.settle()
    }
    #expect(host.render().contains("Text \"loading: 0\""))
    assertSnapshot(of: host.transcript)
    await host.unmount()
  }
}
