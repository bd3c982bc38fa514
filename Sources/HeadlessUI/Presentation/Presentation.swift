/// What `HeadlessHost.dismiss()` needs from a presentation.
@MainActor
struct PresentationHandle {
  let dismiss: @MainActor () -> Void
}

/// A view with something it may present (a sheet, cover, alert or dialog): the content, then — while
/// presented — the presentation, drawn after it at the same depth. Transparent itself.
nonisolated public struct PresentingView<Content: View>: View, PrimitiveView {
  let content: Content
  let presented: PresentedContent?

  @MainActor public var body: Never { primitiveBodyNeverCalled(Self.self) }

  @MainActor func makeContent() -> PrimitiveContent {
    var children: [(key: AnyHashable, view: any View)] = [(AnyHashable("content"), content)]
    if let presented { children.append((presented.key, PresentationContainer(presented: presented))) }
    return PrimitiveContent(children: children)
  }
}

@MainActor
struct PresentedContent {
  /// The presentation's identity: a new one (another `item`) drops the old one's state.
  let key: AnyHashable
  let line: String
  let isAlert: Bool
  let view: AnyView
  let close: @MainActor () -> Void
}

/// Draws a presentation: `Sheet`, `FullScreenCover`, `Alert "title"`, `ConfirmationDialog "title"`.
struct PresentationContainer: View, PrimitiveView {
  let presented: PresentedContent

  var body: Never { primitiveBodyNeverCalled(Self.self) }

  func makeContent() -> PrimitiveContent {
    var result = PrimitiveContent(line: presented.line, children: [(0, presented.view)])
    let close = presented.close
    let isAlert = presented.isAlert
    result.extras.presentation = PresentationHandle(dismiss: close)
    result.extras.environment = { values in
      values.dismiss = DismissAction(action: close)
      values.isPresented = true
      values.alertDismiss = isAlert ? close : nil
      values.isEnabled = true
    }
    return result
  }
}

/// The old alert description (SwiftUI's `Alert`), for `.alert(isPresented:content:)`.
///
/// ```swift
/// .alert(isPresented: $showError) {
///   Alert(title: Text("Error"), message: Text(message), dismissButton: .default(Text("OK")))
/// }
/// ```
public struct Alert {
  let title: Text
  let message: Text?
  let buttons: [Button]

  public init(title: Text, message: Text? = nil, dismissButton: Button? = nil) {
    self.title = title
    self.message = message
    buttons = [dismissButton ?? .default(Text("OK"))]
  }

  public init(title: Text, message: Text? = nil, primaryButton: Button, secondaryButton: Button) {
    self.title = title
    self.message = message
    buttons = [primaryButton, secondaryButton]
  }

  /// A button of an old-style alert.
  public struct Button {
    let label: Text
    let role: ButtonRole?
    let action: (() -> Void)?

    public static func `default`(_ label: Text, action: (() -> Void)? = {}) -> Button {
      Button(label: label, role: nil, action: action)
    }

    public static func cancel(_ label: Text, action: (() -> Void)? = {}) -> Button {
      Button(label: label, role: .cancel, action: action)
    }

    public static func cancel(_ action: (() -> Void)? = {}) -> Button {
      Button(label: Text("Cancel"), role: .cancel, action: action)
    }

    public static func destructive(_ label: Text, action: (() -> Void)? = {}) -> Button {
      Button(label: label, role: .destructive, action: action)
    }
  }

  @MainActor var view: AnyView {
    var views: [any View] = []
    if let message { views.append(message) }
    for button in buttons {
      let action = button.action ?? {}
      views.append(HeadlessUI.Button(role: button.role, action: action) { button.label })
    }
    return AnyView(TupleView(views))
  }
}

/// How a confirmation dialog shows its title (styling; the title is always drawn).
public enum Visibility: Hashable, Sendable {
  case automatic, visible, hidden
}

extension View {
  private func presenting(_ presented: PresentedContent?) -> PresentingView<Self> {
    PresentingView(content: self, presented: presented)
  }

  /// Presents `content` as a sheet while `isPresented` is true. Drawn `Sheet` after this view.
  ///
  /// ```swift
  /// .sheet(isPresented: $showingEditor) { EditorView() }
  /// ```
  public func sheet<Content: View>(
    isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: () -> Content
  ) -> PresentingView<Self> {
    presenting(
      isPresented.wrappedValue
        ? PresentedContent(
          key: "sheet", line: "Sheet", isAlert: false, view: AnyView(content()),
          close: {
            isPresented.wrappedValue = false
            onDismiss?()
          }) : nil)
  }

  /// Presents a sheet for `item` while it is not nil; another item is another sheet.
  ///
  /// ```swift
  /// .sheet(item: $editing) { person in EditorView(person: person) }
  /// ```
  public func sheet<Item: Identifiable, Content: View>(
    item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: (Item) -> Content
  ) -> PresentingView<Self> {
    presenting(
      item.wrappedValue.map { value in
        PresentedContent(
          key: AnyHashable(["sheet", AnyHashable(value.id)]), line: "Sheet", isAlert: false,
          view: AnyView(content(value)),
          close: {
            item.wrappedValue = nil
            onDismiss?()
          })
      })
  }

  /// Presents `content` full screen while `isPresented` is true. Drawn `FullScreenCover`.
  ///
  /// ```swift
  /// .fullScreenCover(isPresented: $onboarding) { OnboardingView() }
  /// ```
  public func fullScreenCover<Content: View>(
    isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: () -> Content
  ) -> PresentingView<Self> {
    presenting(
      isPresented.wrappedValue
        ? PresentedContent(
          key: "cover", line: "FullScreenCover", isAlert: false, view: AnyView(content()),
          close: {
            isPresented.wrappedValue = false
            onDismiss?()
          }) : nil)
  }

  /// Presents an alert while `isPresented` is true: drawn `Alert "title"` with the message and the
  /// buttons (an `OK` button when there are none). A button's tap runs its action and closes it.
  ///
  /// ```swift
  /// .alert("Delete?", isPresented: $confirming) {
  ///   Button("Delete", role: .destructive) { delete() }
  ///   Button("Cancel", role: .cancel) {}
  /// } message: { Text("This cannot be undone.") }
  /// ```
  public func alert<A: View, M: View>(
    _ title: some StringProtocol, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A,
    @ViewBuilder message: () -> M
  ) -> PresentingView<Self> {
    presenting(
      isPresented.wrappedValue
        ? Self.alertContent(
          kind: "Alert", title: String(title), actions: actions(), message: message(), isPresented: isPresented) : nil)
  }

  public func alert<A: View>(
    _ title: some StringProtocol, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A
  ) -> PresentingView<Self> {
    alert(title, isPresented: isPresented, actions: actions, message: { EmptyView() })
  }

  public func alert<A: View, M: View>(
    _ title: Text, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M
  ) -> PresentingView<Self> {
    alert(title.content, isPresented: isPresented, actions: actions, message: message)
  }

  /// An alert about `data`, presented while `isPresented` is true and `data` is not nil.
  public func alert<T, A: View, M: View>(
    _ title: some StringProtocol, isPresented: Binding<Bool>, presenting data: T?,
    @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M
  ) -> PresentingView<Self> {
    guard isPresented.wrappedValue, let data else { return presenting(nil) }
    return presenting(
      Self.alertContent(
        kind: "Alert", title: String(title), actions: actions(data), message: message(data), isPresented: isPresented))
  }

  /// The old alert: `Alert(title:message:dismissButton:)` while `isPresented` is true.
  public func alert(isPresented: Binding<Bool>, content: () -> Alert) -> PresentingView<Self> {
    guard isPresented.wrappedValue else { return presenting(nil) }
    let alert = content()
    return presenting(
      PresentedContent(
        key: "alert", line: "Alert \(FrameFormat.quote(alert.title.content))", isAlert: true, view: alert.view,
        close: { isPresented.wrappedValue = false }))
  }

  /// The old alert for an item, while it is not nil.
  public func alert<Item: Identifiable>(item: Binding<Item?>, content: (Item) -> Alert) -> PresentingView<Self> {
    guard let value = item.wrappedValue else { return presenting(nil) }
    let alert = content(value)
    return presenting(
      PresentedContent(
        key: AnyHashable(["alert", AnyHashable(value.id)]), line: "Alert \(FrameFormat.quote(alert.title.content))",
        isAlert: true, view: alert.view, close: { item.wrappedValue = nil }))
  }

  /// A confirmation dialog (an action sheet): drawn `ConfirmationDialog "title"`, like an alert.
  ///
  /// ```swift
  /// .confirmationDialog("Sort by", isPresented: $sorting) { Button("Name") { sort(.name) } }
  /// ```
  public func confirmationDialog<A: View, M: View>(
    _ title: some StringProtocol, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
    @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M
  ) -> PresentingView<Self> {
    presenting(
      isPresented.wrappedValue
        ? Self.alertContent(
          kind: "ConfirmationDialog", title: String(title), actions: actions(), message: message(),
          isPresented: isPresented) : nil)
  }

  public func confirmationDialog<A: View>(
    _ title: some StringProtocol, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
    @ViewBuilder actions: () -> A
  ) -> PresentingView<Self> {
    confirmationDialog(
      title, isPresented: isPresented, titleVisibility: titleVisibility, actions: actions, message: { EmptyView() })
  }

  private static func alertContent<A: View, M: View>(
    kind: String, title: String, actions: A, message: M, isPresented: Binding<Bool>
  ) -> PresentedContent {
    // No buttons: SwiftUI shows an OK button that just closes the alert.
    let buttons: any View = actions is EmptyView ? Button("OK") {} : actions
    return PresentedContent(
      key: AnyHashable(kind), line: "\(kind) \(FrameFormat.quote(title))", isAlert: true,
      view: AnyView(TupleView([message, buttons])), close: { isPresented.wrappedValue = false })
  }
}
