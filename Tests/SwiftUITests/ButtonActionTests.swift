import HeadlessUI
import SwiftUI
import Testing

/// Buttons and event modifiers take plain closures, as Apple's do (issue 28, item 4): a stored
/// `let onDismiss: () -> Void` is passed as is, and runs on the main actor when the host taps.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct ButtonActionTests {
  @Test("A stored non-Sendable closure is a button's action, a tap gesture's and an onAppear's")
  func storedClosures() async throws {
    var log: [String] = []
    let host = HeadlessHost(
      DismissableSheet(
        title: "Filters", onDismiss: { log.append("dismiss") }, onShown: { log.append("shown") },
        onSelect: { log.append("select \($0)") }))
    #expect(log == ["shown"])
    try host.tap("xmark")
    try host.tap("Close")
    try host.tap("Pick me")
    try host.type("kmp", into: "Search")
    try await host.settle()
    try host.submit("Search")
    #expect(log == ["shown", "dismiss", "dismiss", "shown", "select kmp", "select kmp"])
    await host.unmount()
  }

  @Test("A button built in nonisolated code is drawn and tapped like any other")
  func nonisolatedButton() async throws {
    var taps = 0
    let host = HeadlessHost(makeCloseButton { taps += 1 })
    try host.tap("Close")
    #expect(host.render() == "Button \"Close\"")
    #expect(taps == 1)
    await host.unmount()
  }

  @Test("Containers and modifiers built in nonisolated code draw as usual")
  func nonisolatedContainer() async {
    let host = HeadlessHost(makeEmptyState("Nothing yet"))
    #expect(host.render() == "VStack\n  Image systemName \"tray\"\n  Text \"Nothing yet\"")
    await host.unmount()
  }
}
