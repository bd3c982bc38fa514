import HeadlessUI
import SwiftUI
import Testing

/// Text: markdown in literals, interpolation with specifiers, concatenation, verbatim strings.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct TextTests {
  @Test("Literal markdown is drawn as plain text; interpolated values and verbatim strings are not parsed")
  func markdown() async throws {
    let name = "*star*"
    let host = HeadlessHost(
      VStack {
        Text("**Bold** and *italic* and `code` and [a link](https://example.com)")
        Text("Hello, **\(name)**")
        Text(name)
        Text("snake_case_name")
        Text("\(3.14159, specifier: "%.2f") m")
        Text("a").bold() + Text("b")
      })
    #expect(
      host.render() == """
        VStack
          Text "Bold and italic and code and a link"
          Text "Hello, *star*"
          Text "*star*"
          Text "snake_case_name"
          Text "3.14 m"
          Text "ab"
        """)
    await host.unmount()
  }
}
