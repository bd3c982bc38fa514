/// A view with toolbar items: the content, then `Toolbar` with the items below it (buttons in it
/// can be tapped by title).
nonisolated public struct ToolbarView<Content: View, Items: View>: View, PrimitiveView {
  let content: Content
  let items: Items

  @MainActor public var body: Never { primitiveBodyNeverCalled(Self.self) }

  @MainActor func makeContent() -> PrimitiveContent {
    PrimitiveContent(children: [
      (AnyHashable("content"), content), (AnyHashable("toolbar"), NamedContainer(name: "Toolbar", content: items)),
    ])
  }
}

/// One toolbar item (SwiftUI's `ToolbarItem`; the placement is not drawn). Transparent.
///
/// ```swift
/// .toolbar { ToolbarItem(placement: .primaryAction) { Button("Add") { add() } } }
/// ```
nonisolated public struct ToolbarItem<ID, Content: View>: View {
  let content: Content

  public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) where ID == Void {
    self.content = content()
  }

  public init(id: String, placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content)
  where ID == String {
    self.content = content()
  }

  @MainActor public var body: some View { content }
}

/// Several toolbar items (SwiftUI's `ToolbarItemGroup`). Transparent.
nonisolated public struct ToolbarItemGroup<Content: View>: View {
  let content: Content

  public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {
    self.content = content()
  }

  @MainActor public var body: some View { content }
}

/// Where a toolbar item goes (not drawn).
public struct ToolbarItemPlacement: Sendable {
  let name: String
  public static let automatic = ToolbarItemPlacement(name: "automatic")
  public static let principal = ToolbarItemPlacement(name: "principal")
  public static let primaryAction = ToolbarItemPlacement(name: "primaryAction")
  public static let secondaryAction = ToolbarItemPlacement(name: "secondaryAction")
  public static let confirmationAction = ToolbarItemPlacement(name: "confirmationAction")
  public static let cancellationAction = ToolbarItemPlacement(name: "cancellationAction")
  public static let destructiveAction = ToolbarItemPlacement(name: "destructiveAction")
  public static let navigation = ToolbarItemPlacement(name: "navigation")
  public static let navigationBarLeading = ToolbarItemPlacement(name: "navigationBarLeading")
  public static let navigationBarTrailing = ToolbarItemPlacement(name: "navigationBarTrailing")
  public static let topBarLeading = ToolbarItemPlacement(name: "topBarLeading")
  public static let topBarTrailing = ToolbarItemPlacement(name: "topBarTrailing")
  public static let bottomBar = ToolbarItemPlacement(name: "bottomBar")
  public static let keyboard = ToolbarItemPlacement(name: "keyboard")
}

extension View {
  /// Toolbar items, drawn as `Toolbar` after this view.
  ///
  /// ```swift
  /// .toolbar {
  ///   ToolbarItem(placement: .navigationBarTrailing) { Button("Add") { showAdd = true } }
  /// }
  /// ```
  nonisolated public func toolbar<Items: View>(@ViewBuilder content: () -> Items) -> ToolbarView<Self, Items> {
    ToolbarView(content: self, items: content())
  }

  /// The old navigation bar items, drawn like toolbar items.
  nonisolated public func navigationBarItems<L: View, T: View>(leading: L, trailing: T) -> ToolbarView<Self, TupleView>
  {
    ToolbarView(content: self, items: TupleView([leading, trailing]))
  }

  nonisolated public func navigationBarItems<T: View>(trailing: T) -> ToolbarView<Self, T> {
    ToolbarView(content: self, items: trailing)
  }

  nonisolated public func navigationBarItems<L: View>(leading: L) -> ToolbarView<Self, L> {
    ToolbarView(content: self, items: leading)
  }

  /// Swipe actions of a list row, drawn as `SwipeActions` after the row (their buttons can be
  /// tapped by title).
  nonisolated public func swipeActions<Actions: View>(
    edge: HorizontalEdge = .trailing, allowsFullSwipe: Bool = true, @ViewBuilder content: () -> Actions
  ) -> ToolbarLikeView<Self, Actions> {
    ToolbarLikeView(name: "SwipeActions", content: self, items: content())
  }

  /// A context menu, drawn as `ContextMenu` after the view (its buttons can be tapped by title).
  nonisolated public func contextMenu<MenuItems: View>(@ViewBuilder menuItems: () -> MenuItems) -> ToolbarLikeView<
    Self, MenuItems
  > {
    ToolbarLikeView(name: "ContextMenu", content: self, items: menuItems())
  }
}

/// A view followed by a named group of actions (swipe actions, context menus).
nonisolated public struct ToolbarLikeView<Content: View, Items: View>: View, PrimitiveView {
  let name: String
  let content: Content
  let items: Items

  @MainActor public var body: Never { primitiveBodyNeverCalled(Self.self) }

  @MainActor func makeContent() -> PrimitiveContent {
    PrimitiveContent(children: [
      (AnyHashable("content"), content), (AnyHashable("items"), NamedContainer(name: name, content: items)),
    ])
  }
}

/// A horizontal edge (layout only).
public enum HorizontalEdge: Sendable { case leading, trailing }

/// A menu of actions (SwiftUI's `Menu`): drawn `Menu "title"` with its items below, which can be
/// tapped by title (the menu counts as open).
///
/// ```swift
/// Menu("Sort") { Button("Name") { sort = .name }; Button("Date") { sort = .date } }
/// ```
nonisolated public struct Menu<Label: View, Content: View>: View, PrimitiveView {
  let label: Label
  let content: Content

  public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
    self.content = content()
    self.label = label()
  }

  @MainActor public var body: Never { primitiveBodyNeverCalled(Self.self) }

  @MainActor func makeContent() -> PrimitiveContent {
    let title = (label as? Text)?.content ?? ""
    return PrimitiveContent(line: "Menu \(FrameFormat.quote(title))", children: [(0, content)])
  }
}

extension Menu where Label == Text {
  public init(_ title: some StringProtocol, @ViewBuilder content: () -> Content) {
    self.init(content: content) { Text(verbatim: String(title)) }
  }
}

/// A link that opens a URL (SwiftUI's `Link`): drawn `Link "title"`; tapping calls `openURL`.
///
/// ```swift
/// Link("Privacy policy", destination: URL(string: "https://example.com/privacy")!)
/// ```
nonisolated public struct Link<Label: View>: View, PrimitiveView {
  let label: Label
  let destination: URL

  public init(destination: URL, @ViewBuilder label: () -> Label) {
    self.destination = destination
    self.label = label()
  }

  @MainActor public var body: Never { primitiveBodyNeverCalled(Self.self) }

  @MainActor func makeContent() -> PrimitiveContent {
    var result = PrimitiveContent(children: [(0, label)])
    result.extras.hidesChildren = true
    result.extras.line = { node in "Link \(FrameFormat.quote(node.labelText))" }
    let destination = self.destination
    result.extras.control = Control(kind: .link, tap: { node in node.environment.openURL(destination) })
    return result
  }
}

extension Link where Label == Text {
  public init(_ title: some StringProtocol, destination: URL) {
    self.init(destination: destination) { Text(verbatim: String(title)) }
  }
}

/// A share button (SwiftUI's `ShareLink`): drawn `ShareLink "item"`; there is no share sheet.
///
/// ```swift
/// ShareLink(item: article.url)
/// ```
nonisolated public struct ShareLink: View, PrimitiveView {
  let item: String

  public init(item: URL) { self.item = item.absoluteString }
  public init(item: String) { self.item = item }
  public init(_ title: some StringProtocol, item: URL) { self.item = item.absoluteString }
  public init(_ title: some StringProtocol, item: String) { self.item = item }

  @MainActor public var body: Never { primitiveBodyNeverCalled(Self.self) }

  @MainActor func makeContent() -> PrimitiveContent { PrimitiveContent(line: "ShareLink \(FrameFormat.quote(item))") }
}

extension ForEach {
  /// Swipe to delete (compiles; the host has no swipe).
  public func onDelete(perform action: ((IndexSet) -> Void)?) -> Self { self }

  /// Drag to reorder (compiles; the host has no drag).
  public func onMove(perform action: ((IndexSet, Int) -> Void)?) -> Self { self }
}
