// `Color` is a view that draws nothing. The conformance lives in an extension so that only these
// members are main-actor isolated (see Color): `Color` itself, its initialisers and its own
// modifiers stay nonisolated, as on Apple platforms.
extension Color: View, PrimitiveView {
  public var body: Never { primitiveBodyNeverCalled(Self.self) }
  func makeContent() -> PrimitiveContent { PrimitiveContent() }
}
