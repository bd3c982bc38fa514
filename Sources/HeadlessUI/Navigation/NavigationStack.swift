/// A stack of screens (SwiftUI's `NavigationStack`): the root, then one screen per navigation link
/// followed or path value appended. Only the top screen is drawn and reachable; the screens below
/// keep their state (and their tasks) until popped. Drawn as `NavigationStack "title"` (the top
/// screen's `navigationTitle`), with `depth N` when screens are pushed.
///
/// ```swift
/// NavigationStack(path: $path) {
///   List(people) { person in NavigationLink(person.name, value: person) }
///     .navigationTitle("People")
///     .navigationDestination(for: Person.self) { PersonView(person: $0) }
/// }
/// ```
public struct NavigationStack<Root: View>: View {
  @State private var pushed: [NavigationEntry] = []
  @State private var nextViewID = 0
  private let path: Binding<[AnyHashable]>?
  private let root: Root

  public init(@ViewBuilder root: () -> Root) {
    self.root = root()
    path = nil
  }

  public init(path: Binding<NavigationPath>, @ViewBuilder root: () -> Root) {
    self.root = root()
    self.path = Binding(get: { path.wrappedValue.elements }, set: { path.wrappedValue.elements = $0 })
  }

  public init<Data: RangeReplaceableCollection>(path: Binding<Data>, @ViewBuilder root: () -> Root)
  where Data.Element: Hashable {
    self.root = root()
    let adaptor = TypedPath(path)
    self.path = Binding(get: { adaptor.values }, set: { adaptor.values = $0 })
  }

  public var body: some View {
    NavigationContainer(kind: "NavigationStack", root: root, model: model)
  }

  private var model: NavigationModel {
    let path = self.path
    let pushedState = $pushed
    let nextViewID = $nextViewID
    return NavigationModel(
      entries: (path?.wrappedValue.map(NavigationEntry.value) ?? []) + pushed,
      push: { entry in
        switch entry {
        case .value(let value) where path != nil: path?.wrappedValue.append(value)
        case .view(_, let view):
          pushedState.wrappedValue.append(.view(id: nextViewID.wrappedValue, view))
          nextViewID.wrappedValue += 1
        default: pushedState.wrappedValue.append(entry)
        }
      },
      pop: {
        if !pushedState.wrappedValue.isEmpty {
          pushedState.wrappedValue.removeLast()
        } else if let path, !path.wrappedValue.isEmpty {
          path.wrappedValue.removeLast()
        }
      })
  }
}

/// The old navigation container (SwiftUI's `NavigationView`): a stack, drawn as `NavigationView`.
///
/// ```swift
/// NavigationView { List { NavigationLink("Ann", destination: PersonView(name: "Ann")) } }
/// ```
public struct NavigationView<Content: View>: View {
  @State private var pushed: [NavigationEntry] = []
  @State private var nextViewID = 0
  private let content: Content

  public init(@ViewBuilder content: () -> Content) { self.content = content() }

  public var body: some View {
    let pushed = $pushed
    let nextViewID = $nextViewID
    return NavigationContainer(
      kind: "NavigationView", root: content,
      model: NavigationModel(
        entries: self.pushed,
        push: { entry in
          if case .view(_, let view) = entry {
            pushed.wrappedValue.append(.view(id: nextViewID.wrappedValue, view))
            nextViewID.wrappedValue += 1
          } else {
            pushed.wrappedValue.append(entry)
          }
        },
        pop: { if !pushed.wrappedValue.isEmpty { pushed.wrappedValue.removeLast() } }))
  }
}

/// A type-erased list of values pushed on a `NavigationStack` (SwiftUI's `NavigationPath`).
///
/// ```swift
/// @State private var path = NavigationPath()
/// Button("Open Ann") { path.append(Person.ann) }
/// ```
public struct NavigationPath: Equatable {
  var elements: [AnyHashable]

  public init() { elements = [] }
  public init<S: Sequence>(_ elements: S) where S.Element: Hashable {
    var values: [AnyHashable] = []
    for element in elements { values.append(AnyHashable(element)) }
    self.elements = values
  }

  public var count: Int { elements.count }
  public var isEmpty: Bool { elements.isEmpty }

  public mutating func append<V: Hashable>(_ value: V) { elements.append(AnyHashable(value)) }
  public mutating func removeLast(_ k: Int = 1) { elements.removeLast(Swift.min(k, elements.count)) }
}

/// A typed path (`[Person]`) seen as values of any type; values of other types are not kept.
@MainActor
final class TypedPath<Data: RangeReplaceableCollection> where Data.Element: Hashable {
  let binding: Binding<Data>

  init(_ binding: Binding<Data>) { self.binding = binding }

  var values: [AnyHashable] {
    get {
      var result: [AnyHashable] = []
      for element in binding.wrappedValue { result.append(AnyHashable(element)) }
      return result
    }
    set {
      var data = Data()
      for value in newValue {
        if let element = value.base as? Data.Element { data.append(element) }
      }
      binding.wrappedValue = data
    }
  }
}

/// What a navigation link pushes.
@MainActor
enum NavigationEntry {
  case value(AnyHashable)
  case view(id: Int, AnyView)

  var key: AnyHashable {
    switch self {
    case .value(let value): value
    case .view(let id, _): AnyHashable("view \(id)")
    }
  }
}

@MainActor
struct NavigationModel {
  let entries: [NavigationEntry]
  let push: @MainActor (NavigationEntry) -> Void
  let pop: @MainActor () -> Void
}

/// What `HeadlessHost.goBack()` needs from a stack.
@MainActor
struct NavigationHandle {
  let depth: @MainActor () -> Int
  let pop: @MainActor () -> Void
}

/// `.navigationDestination(for:)`: destination views for values of one type.
@MainActor
struct NavigationDestinationEntry {
  let build: @MainActor (AnyHashable) -> AnyView?
}

private struct NavigationPushKey: EnvironmentKey {
  static var defaultValue: (@MainActor (NavigationEntry) -> Void)? { nil }
}

extension EnvironmentValues {
  var navigationPush: (@MainActor (NavigationEntry) -> Void)? {
    get { self[NavigationPushKey.self] }
    set { self[NavigationPushKey.self] = newValue }
  }
}

/// Draws a stack: its line, the root and each entry, only the top one visible.
struct NavigationContainer<Root: View>: View, PrimitiveView {
  let kind: String
  let root: Root
  let model: NavigationModel

  var body: Never { primitiveBodyNeverCalled(Self.self) }

  func makeContent() -> PrimitiveContent {
    let depth = model.entries.count + 1
    var children: [(key: AnyHashable, view: any View)] = [
      (AnyHashable("root"), NavigationEntryView(content: AnyView(root), isTop: depth == 1, pop: nil))
    ]
    for (index, entry) in model.entries.enumerated() {
      let content: AnyView
      switch entry {
      case .value(let value): content = AnyView(DestinationResolver(value: value))
      case .view(_, let view): content = view
      }
      let pop = model.pop
      children.append(
        (
          AnyHashable([AnyHashable(index), entry.key]),
          NavigationEntryView(content: content, isTop: index == model.entries.count - 1, pop: pop)
        ))
    }
    var result = PrimitiveContent(children: children)
    let kind = self.kind
    result.extras.line = { node in
      let title = Self.title(of: node).map { " " + FrameFormat.quote($0) } ?? ""
      return kind + title + (depth > 1 ? " depth \(depth)" : "")
    }
    let push = model.push
    result.extras.environment = { $0.navigationPush = push }
    let pop = model.pop
    result.extras.navigation = NavigationHandle(depth: { depth }, pop: pop)
    return result
  }

  /// The first navigation title in the top screen, outside nested stacks.
  static func title(of node: ViewNode) -> String? {
    guard let top = node.children.last else { return nil }
    func search(_ node: ViewNode) -> String? {
      if let title = node.content?.extras.navigationTitle { return title }
      if node.content?.extras.navigation != nil { return nil }
      for child in node.children {
        if let title = search(child) { return title }
      }
      return nil
    }
    return search(top)
  }
}

/// One screen of a stack: visible only on top; `dismiss` inside it goes back.
struct NavigationEntryView: View, PrimitiveView {
  let content: AnyView
  let isTop: Bool
  let pop: (@MainActor () -> Void)?

  var body: Never { primitiveBodyNeverCalled(Self.self) }

  func makeContent() -> PrimitiveContent {
    var result = PrimitiveContent.wrapping(content)
    let isTop = self.isTop
    result.extras.isVisible = { _ in isTop }
    if let pop {
      result.extras.environment = {
        $0.dismiss = DismissAction(action: pop)
        $0.isPresented = true
      }
    }
    return result
  }
}

/// Builds the destination of a pushed value from the `.navigationDestination(for:)` registrations
/// in its stack.
struct DestinationResolver: View {
  let value: AnyHashable
  private let reader = NodeReader()

  init(value: AnyHashable) { self.value = value }

  var body: some View {
    var built: AnyView?
    var stack = reader.node?.parent
    while let node = stack, node.content?.extras.navigation == nil { stack = node.parent }
    stack?.forEachDescendant { node in
      if built == nil, let destination = node.content?.extras.destination { built = destination.build(value) }
    }
    return built ?? AnyView(Text("No navigationDestination for \(type(of: value.base))"))
  }
}
