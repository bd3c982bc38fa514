/// A reusable modifier (SwiftUI's `ViewModifier`): `body(content:)` wraps the modified view. Its
/// `@State`, `@Environment` and other wrappers work as in a view.
///
/// ```swift
/// struct Card: ViewModifier {
///   func body(content: Content) -> some View { content.padding().background(Color.white) }
/// }
/// Text("Hi").modifier(Card())
/// ```
@MainActor @preconcurrency
public protocol ViewModifier {
  associatedtype Body: View
  typealias Content = ViewModifierContent
  @ViewBuilder func body(content: Content) -> Body
}

/// The view a `ViewModifier` modifies (SwiftUI's `_ViewModifier_Content`). Transparent.
nonisolated public struct ViewModifierContent: View, PrimitiveView {
  let content: AnyView

  @MainActor public var body: Never { primitiveBodyNeverCalled(Self.self) }

  @MainActor func makeContent() -> PrimitiveContent { .wrapping(content) }
}

/// A view with a modifier applied (SwiftUI's `ModifiedContent`). Transparent.
nonisolated public struct ModifiedContent<Content: View, Modifier: ViewModifier>: View {
  public var content: Content
  public var modifier: Modifier

  public init(content: Content, modifier: Modifier) {
    self.content = content
    self.modifier = modifier
  }

  @MainActor public var body: some View { modifier.body(content: ViewModifierContent(content: AnyView(content))) }
}

extension View {
  /// Applies `modifier`.
  ///
  /// ```swift
  /// Text("Hi").modifier(Card())
  /// ```
  nonisolated public func modifier<M: ViewModifier>(_ modifier: M) -> ModifiedContent<Self, M> {
    ModifiedContent(content: self, modifier: modifier)
  }
}
