/// Tabs (SwiftUI's `TabView`): each child with a `.tabItem` is a tab; only the selected tab's
/// content is drawn (the others keep their state). Drawn as `TabView "Home"` (the selected tab's
/// label); `HeadlessHost.tap(_:)` selects a tab by its label.
///
/// ```swift
/// TabView(selection: $tab) {
///   FeedView().tabItem { Label("Feed", systemImage: "list.bullet") }.tag(Tab.feed)
///   SettingsView().tabItem { Label("Settings", systemImage: "gear") }.tag(Tab.settings)
/// }
/// ```
public struct TabView<SelectionValue: Hashable, Content: View>: View {
  @State private var internalSelection: AnyHashable?
  private let selection: Binding<SelectionValue>?
  private let content: Content

  public init(selection: Binding<SelectionValue>?, @ViewBuilder content: () -> Content) {
    self.selection = selection
    self.content = content()
  }

  public init(@ViewBuilder content: () -> Content) where SelectionValue == Int {
    selection = nil
    self.content = content()
  }

  public var body: some View {
    let selection = self.selection
    let fallback = $internalSelection
    let model = TabSelection(
      get: { selection.map { AnyHashable($0.wrappedValue) } ?? fallback.wrappedValue },
      set: { value in
        if let selection {
          if let typed = value.base as? SelectionValue { selection.wrappedValue = typed }
        } else {
          fallback.wrappedValue = value
        }
      })
    return TabContainer(content: content, selection: model)
  }
}

@MainActor
struct TabSelection {
  let get: @MainActor () -> AnyHashable?
  let set: @MainActor (AnyHashable) -> Void
}

private struct TabSelectionKey: EnvironmentKey {
  static var defaultValue: TabSelection? { nil }
}

extension EnvironmentValues {
  var tabSelection: TabSelection? {
    get { self[TabSelectionKey.self] }
    set { self[TabSelectionKey.self] = newValue }
  }
}

struct TabContainer<Content: View>: View, PrimitiveView {
  let content: Content
  let selection: TabSelection

  var body: Never { primitiveBodyNeverCalled(Self.self) }

  func makeContent() -> PrimitiveContent {
    var result = PrimitiveContent(children: [(0, content)])
    let selection = self.selection
    result.extras.environment = { $0.tabSelection = selection }
    result.extras.line = { node in
      let tabs = Self.tabs(in: node)
      let selected = tabs.first { $0.tag == (selection.get() ?? tabs.first?.tag) }
      return "TabView" + (selected.map { " \(FrameFormat.quote($0.title))" } ?? "")
    }
    return result
  }

  /// The tab items under the container, in order, with their tags (their index when untagged).
  static func tabs(in container: ViewNode) -> [(node: ViewNode, tag: AnyHashable, title: String)] {
    var result: [(node: ViewNode, tag: AnyHashable, title: String)] = []
    // Depth-first, in order, with an explicit stack (a nested function capturing `result` is
    // refused by the release build's region-based isolation checker).
    var stack = Array(container.children.reversed())
    while let node = stack.popLast() {
      if let title = node.content?.extras.tabTitle {
        result.append((node, tag(of: node, in: container) ?? AnyHashable(result.count), title))
        continue
      }
      if node.view is any TabContainerMarker { continue }  // a nested TabView's tabs are its own
      stack.append(contentsOf: node.children.reversed())
    }
    return result
  }

  /// A `.tag` between the container and the tab item, or directly inside the item.
  static func tag(of item: ViewNode, in container: ViewNode) -> AnyHashable? {
    var current: ViewNode? = item
    while let node = current, node !== container {
      if let tag = node.content?.extras.tag { return tag }
      current = node.parent
    }
    var inner = item.children.first
    while let node = inner, node.isPrimitive, node.content?.line == nil {
      if let tag = node.content?.extras.tag { return tag }
      inner = node.children.first
    }
    return nil
  }
}

/// Marks nested tab containers (their tabs are their own).
protocol TabContainerMarker {}
extension TabContainer: TabContainerMarker {}

/// A tab's content with its tab bar label (`.tabItem`). Visible when selected; tappable by label.
nonisolated public struct TabItemView<Content: View>: View, PrimitiveView {
  let content: Content
  let title: String

  @MainActor public var body: Never { primitiveBodyNeverCalled(Self.self) }

  @MainActor func makeContent() -> PrimitiveContent {
    var result = PrimitiveContent.wrapping(content)
    result.extras.tabTitle = title
    result.extras.isVisible = { node in
      guard let container = Self.container(of: node), let selection = node.environment.tabSelection else { return true }
      let tabs = TabContainer<EmptyView>.tabs(in: container)
      let selected = selection.get() ?? tabs.first?.tag
      return tabs.first { $0.node === node }?.tag == selected
    }
    result.extras.control = Control(
      kind: .tab, title: title,
      tap: { node in
        guard let container = Self.container(of: node), let selection = node.environment.tabSelection,
          let tab = TabContainer<EmptyView>.tabs(in: container).first(where: { $0.node === node })
        else { return }
        selection.set(tab.tag)
      })
    return result
  }

  @MainActor static func container(of node: ViewNode) -> ViewNode? {
    var current = node.parent
    while let candidate = current, !(candidate.view is any TabContainerMarker) { current = candidate.parent }
    return current
  }
}

extension View {
  /// The tab bar label of this tab (its text, or its image name when it has none).
  ///
  /// ```swift
  /// FeedView().tabItem { Label("Feed", systemImage: "list.bullet") }
  /// ```
  public func tabItem<V: View>(@ViewBuilder _ label: () -> V) -> TabItemView<Self> {
    TabItemView(content: self, title: StaticLabel.text(of: label()) ?? "")
  }
}

/// The text of simple label views, read from the view values (no rendering).
@MainActor
enum StaticLabel {
  static func text(of view: any View) -> String? {
    var texts: [String] = []
    var images: [String] = []
    func visit(_ view: Any) {
      if let text = view as? Text {
        texts.append(text.content)
      } else if let image = view as? Image {
        images.append(image.name)
      } else if let tuple = view as? TupleView {
        tuple.views.forEach(visit)
      } else {
        for child in Mirror(reflecting: view).children where child.value is any View { visit(child.value) }
      }
    }
    visit(view)
    let parts = texts.isEmpty ? images : texts
    return parts.isEmpty ? nil : parts.joined(separator: " ")
  }
}
