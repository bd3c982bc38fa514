/// Arranges its children vertically. Drawn as `VStack` with the children indented below.
public struct VStack<Content: View>: View, PrimitiveView {
  let content: Content

  public init(@ViewBuilder content: () -> Content) { self.content = content() }

  public var body: Never { primitiveBodyNeverCalled(Self.self) }

  func makeContent() -> PrimitiveContent { PrimitiveContent(line: "VStack", children: [(0, content)]) }
}

/// Arranges its children horizontally. Drawn as `HStack` with the children indented below.
public struct HStack<Content: View>: View, PrimitiveView {
  let content: Content

  public init(@ViewBuilder content: () -> Content) { self.content = content() }

  public var body: Never { primitiveBodyNeverCalled(Self.self) }

  func makeContent() -> PrimitiveContent { PrimitiveContent(line: "HStack", children: [(0, content)]) }
}

/// Groups views without drawing anything itself (transparent).
public struct Group<Content: View>: View, PrimitiveView {
  let content: Content

  public init(@ViewBuilder content: () -> Content) { self.content = content() }

  public var body: Never { primitiveBodyNeverCalled(Self.self) }

  func makeContent() -> PrimitiveContent { .wrapping(content) }
}

/// Draws nothing.
public struct EmptyView: View, PrimitiveView, Sendable {
  public init() {}

  public var body: Never { primitiveBodyNeverCalled(Self.self) }

  func makeContent() -> PrimitiveContent { PrimitiveContent() }
}
