/// A button with a title; `HeadlessHost.tap(_:)` finds it by that title and runs its action.
/// Drawn as `Button "title"`.
///
/// ```swift
/// Button("increment") { store.increment() }
/// ```
public struct Button: View, PrimitiveView {
  let title: String
  let action: @MainActor () -> Void

  public init(_ title: some StringProtocol, action: @escaping @MainActor () -> Void) {
    self.title = String(title)
    self.action = action
  }

  /// A button whose label is a `Text` (its content is the title).
  public init(action: @escaping @MainActor () -> Void, label: () -> Text) {
    self.title = label().content
    self.action = action
  }

  public var body: Never { primitiveBodyNeverCalled(Self.self) }

  func makeContent() -> PrimitiveContent {
    var content = PrimitiveContent(line: "Button \(FrameFormat.quote(title))")
    content.button = (title, action)
    return content
  }
}
