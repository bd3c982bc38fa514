// Drawn as `Text "…"`; the conformance is in an extension so that `Text` stays nonisolated (see Color).
extension Text: View, PrimitiveView {
  public var body: Never { primitiveBodyNeverCalled(Self.self) }

  func makeContent() -> PrimitiveContent {
    var result = PrimitiveContent(line: "Text \(FrameFormat.quote(content))")
    result.extras.labelText = .text(content)
    return result
  }
}
