import FlowTesting
import HeadlessUI
import Testing

private struct Texts: View {
  var body: some View {
    VStack {
      Text("He said \"hi\"")
      Text("C:\\Users\\ada")
      Text("line 1\nline 2")
      Text("tab\there")
      Text("\\n is not a newline")
      Text("")
      Text("位置情報なし")
      Text("👋🏽 Grüße, こんにちは")
      Text("e\u{301} (combining) and é (precomposed)")
      Button("say \"ok\"") {}
    }
  }
}

@MainActor
@Suite
struct TextEscapingTests {
  @Test("Quotes and backslashes are escaped, newlines and tabs written as \\n and \\t, Unicode as is")
  func escaping() async throws {
    let host = HeadlessHost(Texts())
    let frame = host.render()
    assertSnapshot(of: frame)
    #expect(frame.split(separator: "\n").count == 11)
    await host.unmount()
  }

  @Test("A CRLF line break is escaped too: one Text stays one frame line")
  func crlf() async throws {
    let host = HeadlessHost(Text("a\r\nb"))
    #expect(host.render() == #"Text "a\r\nb""#)
    await host.unmount()
  }

  @Test("A quote or backslash followed by a combining mark is still escaped")
  func quoteWithCombiningMark() async throws {
    let host = HeadlessHost(
      VStack {
        Text("\"\u{301}"); Text("\\\u{301}")
      })
    #expect(host.render() == "VStack\n  Text \"\\\"\u{301}\"\n  Text \"\\\\\u{301}\"")
    await host.unmount()
  }
}
