/// A line of text. Drawn as `Text "…"` (quotes and backslashes escaped, newlines as `\n`).
///
/// ```swift
/// Text("\(count)")
/// ```
public struct Text: View, PrimitiveView, Equatable, Sendable {
  /// The text as written.
  public let content: String

  public init(_ content: some StringProtocol) { self.content = String(content) }
  public init(verbatim content: String) { self.content = content }

  public var body: Never { primitiveBodyNeverCalled(Self.self) }

  func makeContent() -> PrimitiveContent { PrimitiveContent(line: "Text \(FrameFormat.quote(content))") }
}
