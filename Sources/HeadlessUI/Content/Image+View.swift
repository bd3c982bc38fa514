// Drawn as `Image "name"` or `Image systemName "name"`; the conformance is in an extension so that
// `Image` stays nonisolated (see Color).
extension Image: View, PrimitiveView {
  public var body: Never { primitiveBodyNeverCalled(Self.self) }

  func makeContent() -> PrimitiveContent {
    var result = PrimitiveContent(line: "Image \(isSystem ? "systemName " : "")\(FrameFormat.quote(name))")
    result.extras.labelText = .image(name)
    return result
  }
}
