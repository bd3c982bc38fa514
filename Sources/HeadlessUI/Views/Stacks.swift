/// Arranges its children vertically. Drawn as `VStack` with the children indented below (alignment
/// and spacing are layout, not drawn).
///
/// ```swift
/// VStack(alignment: .leading, spacing: 8) { Text(title); Text(subtitle) }
/// ```
nonisolated public struct VStack<Content: View>: View, PrimitiveView {
  let content: Content

  public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
    self.content = content()
  }

  @MainActor public var body: Never { primitiveBodyNeverCalled(Self.self) }

  @MainActor func makeContent() -> PrimitiveContent { PrimitiveContent(line: "VStack", children: [(0, content)]) }
}

/// Arranges its children horizontally. Drawn as `HStack` with the children indented below.
///
/// ```swift
/// HStack(spacing: 4) { Image(systemName: "star"); Text("4.5") }
/// ```
nonisolated public struct HStack<Content: View>: View, PrimitiveView {
  let content: Content

  public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
    self.content = content()
  }

  @MainActor public var body: Never { primitiveBodyNeverCalled(Self.self) }

  @MainActor func makeContent() -> PrimitiveContent { PrimitiveContent(line: "HStack", children: [(0, content)]) }
}

/// Overlays its children, back to front. Drawn as `ZStack` with the children indented below.
///
/// ```swift
/// ZStack { Color.blue; Text("Welcome") }
/// ```
nonisolated public struct ZStack<Content: View>: View, PrimitiveView {
  let content: Content

  public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) { self.content = content() }

  @MainActor public var body: Never { primitiveBodyNeverCalled(Self.self) }

  @MainActor func makeContent() -> PrimitiveContent { PrimitiveContent(line: "ZStack", children: [(0, content)]) }
}

/// Groups views without drawing anything itself (transparent).
nonisolated public struct Group<Content: View>: View, PrimitiveView {
  let content: Content

  public init(@ViewBuilder content: () -> Content) { self.content = content() }

  @MainActor public var body: Never { primitiveBodyNeverCalled(Self.self) }

  @MainActor func makeContent() -> PrimitiveContent { .wrapping(content) }
}

/// Draws nothing.
public struct EmptyView: Sendable {
  public init() {}
}

// In an extension so that `EmptyView` stays nonisolated, as Apple's is (see Color).
extension EmptyView: View, PrimitiveView {
  public var body: Never { primitiveBodyNeverCalled(Self.self) }

  func makeContent() -> PrimitiveContent { PrimitiveContent() }
}
