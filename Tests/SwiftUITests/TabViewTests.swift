import HeadlessUI
import SwiftUI
import Testing

struct Tabs: View {
  var body: some View {
    TabView {
      TapCounterView(name: "a").tabItem { Label("First", systemImage: "1.circle") }
      TapCounterView(name: "b").tabItem { Text("Second") }
    }
  }
}

struct TapCounterView: View {
  let name: String
  @State private var taps = 0
  var body: some View { Button("\(name) \(taps)") { taps += 1 } }
}

/// TabView without tags: the first tab is selected; tabs are tapped by label and keep their state.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct TabViewTests {
  @Test("Switching tabs shows one tab at a time; each keeps its state")
  func switching() async throws {
    let host = HeadlessHost(Tabs())
    try host.tap("a 0")
    try host.tap("Second")
    #expect(host.render() == "TabView \"Second\"\n  Button \"b 0\"")
    try host.tap("First")
    #expect(host.render() == "TabView \"First\"\n  Button \"a 1\"")
    await host.unmount()
  }
}
