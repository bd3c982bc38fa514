/// A button: a label (a title, or any view) and an action. Drawn as `Button "title"` — the title,
/// or the texts of the label view (its image names when it has no text) — with `disabled` under
/// `.disabled(true)`. `HeadlessHost.tap(_:)` finds it by that title and runs its action; inside an
/// alert the tap also closes the alert. A control in the label (a toggle) is drawn under the button
/// and driven on its own; its text is not part of the title.
///
/// Like Apple's, `Button` is nonisolated (its `View` conformance is in an extension) and its action
/// is not `@Sendable`: a stored `let onDismiss: () -> Void` is passed as is. Apple declares the action
/// `@MainActor () -> Void` in a module built in the Swift 5 language mode, where that type is not
/// `@Sendable`; in Swift 6 a `@MainActor` function type always is (SE-0434), so passing a plain
/// closure to it warns. The action here is `() -> Void`: a closure written in `body` still runs on
/// the main actor (it inherits `body`'s isolation), and the host only calls it on the main actor.
///
/// ```swift
/// Button("increment") { store.increment() }
/// Button(role: .destructive) { delete() } label: { Label("Delete", systemImage: "trash") }
/// Button(action: onDismiss) { Image(systemName: "xmark") }
/// ```
public struct Button<Label: View> {
  let label: Label
  let title: String?
  let role: ButtonRole?
  let action: () -> Void

  public init(action: @escaping () -> Void, @ViewBuilder label: () -> Label) {
    self.init(role: nil, action: action, label: label)
  }

  public init(role: ButtonRole?, action: @escaping () -> Void, @ViewBuilder label: () -> Label) {
    self.label = label()
    self.role = role
    self.action = action
    title = (self.label as? Text)?.content
  }
}

extension Button: View, PrimitiveView {
  public var body: Never { primitiveBodyNeverCalled(Self.self) }

  func makeContent() -> PrimitiveContent {
    let title = self.title
    var content = PrimitiveContent(line: title.map { "Button \(FrameFormat.quote($0))" }, children: [(0, label)])
    content.extras.hidesChildren = true
    content.extras.line = { node in
      "Button \(FrameFormat.quote(title ?? node.labelText))" + (node.environment.isEnabled ? "" : " disabled")
    }
    let action = self.action
    content.extras.control = Control(
      kind: .button, title: title,
      tap: { node in
        let closeAlert = node.environment.alertDismiss
        action()
        closeAlert?()
      })
    return content
  }
}

extension Button where Label == Text {
  public init(_ title: some StringProtocol, action: @escaping () -> Void) {
    self.init(action: action) { Text(verbatim: String(title)) }
  }

  public init(_ title: some StringProtocol, role: ButtonRole?, action: @escaping () -> Void) {
    self.init(role: role, action: action) { Text(verbatim: String(title)) }
  }
}

extension Button where Label == HeadlessUI.Label<Text, Image> {
  /// A button with a title and a system image.
  public init(_ title: some StringProtocol, systemImage: String, action: @escaping () -> Void) {
    self.init(action: action) { HeadlessUI.Label(title, systemImage: systemImage) }
  }
}

/// What a button does, for its appearance (SwiftUI's `ButtonRole`; not drawn).
public struct ButtonRole: Hashable, Sendable {
  private let name: String
  public static let cancel = ButtonRole(name: "cancel")
  public static let destructive = ButtonRole(name: "destructive")
}
