import HeadlessUI
import SwiftUI
import Testing

/// A view file as Xcode writes it: the view, then its `#Preview` blocks.
private struct GreetingView: View {
  let name: String
  var body: some View { Text("Hello, \(name)") }
}

#Preview {
  GreetingView(name: "preview")
}

#Preview("Two greetings", traits: .sizeThatFitsLayout) {
  let names = ["ann", "bob"]
  return VStack {
    ForEach(names, id: \.self) { GreetingView(name: $0) }
  }
}

#Preview("Landscape", traits: .landscapeLeft, .fixedLayout(width: 320, height: 200)) {
  VStack {
    GreetingView(name: "one")
    GreetingView(name: "two")
  }
}

@MainActor
@Suite
struct PreviewMacroTests {
  @Test("A file with #Preview blocks compiles; its views render as usual (previews are not run)")
  func previewsCompile() async throws {
    let host = HeadlessHost(GreetingView(name: "test"))
    #expect(host.render() == "Text \"Hello, test\"")
    await host.unmount()
  }
}
