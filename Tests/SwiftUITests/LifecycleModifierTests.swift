import Combine
import HeadlessUI
import SwiftUI
import Testing

struct Watcher: View {
  let ticks: PassthroughSubject<Int, Never>
  @State private var query = ""
  @State private var log: [String] = []
  @State private var refreshes = 0

  var body: some View {
    List {
      Text(log.joined(separator: ","))
      Text("refreshed \(refreshes)")
      Text("Row").onTapGesture { log.append("tapped") }
    }
    .searchable(text: $query)
    .onChange(of: query) { old, new in log.append("\(old)→\(new)") }
    .onChange(of: query) { newValue in log.append("new \(newValue)") }
    .onReceive(ticks) { log.append("tick \($0)") }
    .refreshable { await MainActor.run { refreshes += 1 } }
  }
}

/// onChange (both forms; the outer modifier's action runs first), onReceive (at once, when sent on
/// the main actor), onTapGesture, refreshable and searchable.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct LifecycleModifierTests {
  @Test("Events reach the actions: a change, a publisher's value, a tap, a refresh, a search")
  func events() async throws {
    let ticks = PassthroughSubject<Int, Never>()
    let host = HeadlessHost(Watcher(ticks: ticks))
    ticks.send(1)
    try host.search("a")
    try host.tap("Row")
    try await host.refresh()
    #expect(
      host.render() == """
        SearchField "Search" = "a"
        List
          Text "tick 1,new a,→a,tapped"
          Text "refreshed 1"
          Text "Row"
        """)
    await host.unmount()
  }
}
