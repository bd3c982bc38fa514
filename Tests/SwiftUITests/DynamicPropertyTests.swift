import HeadlessUI
import SwiftUI
import Testing

/// A user's property wrapper built from @State, as apps write them.
@propertyWrapper
struct Clamped: DynamicProperty {
  @State private var value: Int
  let range: ClosedRange<Int>

  init(wrappedValue: Int, _ range: ClosedRange<Int>) {
    _value = State(wrappedValue: wrappedValue)
    self.range = range
  }

  var wrappedValue: Int {
    get { value }
    nonmutating set { value = min(max(newValue, range.lowerBound), range.upperBound) }
  }
}

struct Volume: View {
  @Clamped(0...2) private var level = 1
  var body: some View { Button("level \(level)") { level += 1 } }
}

/// DynamicProperty: the @State inside a user's wrapper lives with the view's identity.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct DynamicPropertyTests {
  @Test("State inside a DynamicProperty survives re-renders")
  func nestedState() async throws {
    let host = HeadlessHost(Volume())
    try host.tap("level 1")
    try host.tap("level 2")
    #expect(host.render() == "Button \"level 2\"")
    await host.unmount()
  }
}

/// A modifier with state of its own, as apps write them.
struct TapCounting: ViewModifier {
  @State private var taps = 0

  func body(content: Content) -> some View {
    VStack {
      content
      Button("taps \(taps)") { taps += 1 }
    }
  }
}

/// ViewModifier: `.modifier(_:)` wraps the content; the modifier's @State lives with the view.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct ViewModifierTests {
  @Test("A modifier's body wraps the content and keeps its own state")
  func modifierState() async throws {
    let host = HeadlessHost(Text("hello").modifier(TapCounting()))
    try host.tap("taps 0")
    #expect(host.render() == "VStack\n  Text \"hello\"\n  Button \"taps 1\"")
    await host.unmount()
  }
}
