/// A link that pushes a value or a view on the enclosing navigation stack (SwiftUI's
/// `NavigationLink`). Drawn as `NavigationLink "label"`; `HeadlessHost.tap(_:)` follows it.
///
/// ```swift
/// NavigationLink(person.name, value: person)
/// NavigationLink { PersonView(person: person) } label: { Label(person.name, systemImage: "person") }
/// ```
nonisolated public struct NavigationLink<Label: View, Destination: View>: View, PrimitiveView {
  private let label: Label
  private let title: String?
  private let entry: NavigationEntry?

  public init<V: Hashable>(value: V?, @ViewBuilder label: () -> Label) where Destination == Never {
    self.label = label()
    title = nil
    entry = value.map { .value(AnyHashable($0)) }
  }

  public init(destination: Destination, @ViewBuilder label: () -> Label) {
    self.label = label()
    title = nil
    entry = .view(id: 0, AnyView(destination))
  }

  public init(@ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label) {
    self.init(destination: destination(), label: label)
  }

  @MainActor public var body: Never { primitiveBodyNeverCalled(Self.self) }

  @MainActor func makeContent() -> PrimitiveContent {
    var result = PrimitiveContent(children: [(0, label)])
    let title = self.title
    result.extras.hidesChildren = true
    result.extras.line = { node in
      "NavigationLink \(FrameFormat.quote(title ?? node.labelText))" + (node.environment.isEnabled ? "" : " disabled")
    }
    let entry = self.entry
    result.extras.control = Control(
      kind: .link, title: title,
      tap: { node in
        guard let entry else { return }
        node.environment.navigationPush?(entry)
      })
    return result
  }
}

extension NavigationLink where Label == Text {
  public init<V: Hashable>(_ title: some StringProtocol, value: V?) where Destination == Never {
    self.init(value: value) { Text(title) }
  }

  public init(_ title: some StringProtocol, destination: Destination) {
    self.init(destination: destination) { Text(title) }
  }

  public init(_ title: some StringProtocol, @ViewBuilder destination: () -> Destination) {
    self.init(destination: destination()) { Text(title) }
  }
}

/// Registers destination views for values of one type. Transparent.
nonisolated public struct NavigationDestinationView<Content: View>: View, PrimitiveView {
  let content: Content
  let entry: NavigationDestinationEntry

  @MainActor public var body: Never { primitiveBodyNeverCalled(Self.self) }

  @MainActor func makeContent() -> PrimitiveContent {
    var result = PrimitiveContent.wrapping(content)
    result.extras.destination = entry
    return result
  }
}

/// Sets the navigation title of the screen it is in. Transparent (drawn by the stack's line).
nonisolated public struct NavigationTitleView<Content: View>: View, PrimitiveView {
  let content: Content
  let title: String

  @MainActor public var body: Never { primitiveBodyNeverCalled(Self.self) }

  @MainActor func makeContent() -> PrimitiveContent {
    var result = PrimitiveContent.wrapping(content)
    result.extras.navigationTitle = title
    return result
  }
}

extension View {
  /// Builds the screen for a value pushed with `NavigationLink(value:)` or appended to the path.
  ///
  /// ```swift
  /// .navigationDestination(for: Person.self) { person in PersonView(person: person) }
  /// ```
  public func navigationDestination<D: Hashable, C: View>(
    for data: D.Type, @ViewBuilder destination: @escaping (D) -> C
  ) -> NavigationDestinationView<Self> {
    NavigationDestinationView(
      content: self,
      entry: NavigationDestinationEntry { value in (value.base as? D).map { AnyView(destination($0)) } })
  }

  /// The title of the screen this view is in (drawn on the stack's line).
  ///
  /// ```swift
  /// List { … }.navigationTitle("People")
  /// ```
  nonisolated public func navigationTitle(_ title: some StringProtocol) -> NavigationTitleView<Self> {
    NavigationTitleView(content: self, title: String(title))
  }

  /// The title of the screen, from a `Text`.
  nonisolated public func navigationTitle(_ title: Text) -> NavigationTitleView<Self> {
    NavigationTitleView(content: self, title: title.content)
  }

  /// The old form of `navigationTitle` (the display mode is styling, not drawn).
  nonisolated public func navigationBarTitle(_ title: some StringProtocol) -> NavigationTitleView<Self> {
    navigationTitle(title)
  }

  nonisolated public func navigationBarTitle(_ title: Text) -> NavigationTitleView<Self> { navigationTitle(title) }

  nonisolated public func navigationBarTitle(
    _ title: some StringProtocol, displayMode: NavigationBarItem.TitleDisplayMode
  ) -> NavigationTitleView<Self> {
    navigationTitle(title)
  }

  nonisolated public func navigationBarTitle(_ title: Text, displayMode: NavigationBarItem.TitleDisplayMode)
    -> NavigationTitleView<Self>
  {
    navigationTitle(title)
  }
}

/// Namespace of the navigation bar's title display modes.
public enum NavigationBarItem {
  public enum TitleDisplayMode: Sendable {
    case automatic, inline, large
  }
}
