// Shapes and gradients draw nothing. Their conformances are in extensions so that the types stay
// nonisolated (see Color): a theme's `static let card = RoundedRectangle(cornerRadius: 12)` compiles.
extension LinearGradient: View, PrimitiveView {
  public var body: Never { primitiveBodyNeverCalled(Self.self) }
  func makeContent() -> PrimitiveContent { PrimitiveContent() }
}

extension Rectangle: Shape, PrimitiveView {
  public var body: Never { primitiveBodyNeverCalled(Self.self) }
  func makeContent() -> PrimitiveContent { PrimitiveContent() }
}

extension RoundedRectangle: Shape, PrimitiveView {
  public var body: Never { primitiveBodyNeverCalled(Self.self) }
  func makeContent() -> PrimitiveContent { PrimitiveContent() }
}

extension Circle: Shape, PrimitiveView {
  public var body: Never { primitiveBodyNeverCalled(Self.self) }
  func makeContent() -> PrimitiveContent { PrimitiveContent() }
}

extension Capsule: Shape, PrimitiveView {
  public var body: Never { primitiveBodyNeverCalled(Self.self) }
  func makeContent() -> PrimitiveContent { PrimitiveContent() }
}

extension Ellipse: Shape, PrimitiveView {
  public var body: Never { primitiveBodyNeverCalled(Self.self) }
  func makeContent() -> PrimitiveContent { PrimitiveContent() }
}
