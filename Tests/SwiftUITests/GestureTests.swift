import HeadlessUI
import SwiftUI
import Testing

struct GestureCard: View {
  @State private var taps = 0
  @State private var drags = 0
  @State private var presses = 0

  var body: some View {
    VStack {
      Text("taps \(taps)")
        .gesture(TapGesture().onEnded { taps += 1 })
      Text("drags \(drags)")
        .gesture(DragGesture().onChanged { _ in drags += 1 }.onEnded { _ in drags += 1 })
      Text("presses \(presses)")
        .onLongPressGesture { presses += 1 }
        .simultaneousGesture(LongPressGesture().onEnded { _ in presses += 1 })
    }
  }
}

/// Gestures: a TapGesture's onEnded is what the host's tap runs; other gestures compile and, with
/// no pointer, never fire.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct GestureTests {
  @Test("A TapGesture with onEnded is tapped by its text; drags and long presses are not tappable")
  func tapOnly() async throws {
    let host = HeadlessHost(GestureCard())
    try host.tap("taps 0")
    try host.tap("taps 1")
    #expect(host.render() == "VStack\n  Text \"taps 2\"\n  Text \"drags 0\"\n  Text \"presses 0\"")
    #expect(throws: HeadlessHostError.self) { try host.tap("drags 0") }
    #expect(throws: HeadlessHostError.self) { try host.tap("presses 0") }
    await host.unmount()
  }
}
