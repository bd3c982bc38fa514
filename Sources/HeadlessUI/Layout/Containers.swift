/// A container drawn as one line (its name, and a quoted title when it has one) with its content
/// indented below.
nonisolated public struct NamedContainer<Content: View>: View, PrimitiveView {
  let name: String
  let content: Content

  @MainActor public var body: Never { primitiveBodyNeverCalled(Self.self) }

  @MainActor func makeContent() -> PrimitiveContent { PrimitiveContent(line: name, children: [(0, content)]) }
}

/// A vertical stack that creates its rows lazily in SwiftUI; here every row is built. Drawn
/// `LazyVStack`.
///
/// ```swift
/// ScrollView { LazyVStack(spacing: 12) { ForEach(items) { ItemRow(item: $0) } } }
/// ```
public typealias LazyVStack<Content: View> = _LazyStack<Content, VerticalTag>
/// A horizontal lazy stack, drawn `LazyHStack`.
public typealias LazyHStack<Content: View> = _LazyStack<Content, HorizontalTag>

public enum VerticalTag {}
public enum HorizontalTag {}

/// The type behind `LazyVStack` and `LazyHStack`.
public struct _LazyStack<Content: View, Direction>: View {
  let content: Content

  public init(
    alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, pinnedViews: PinnedScrollableViews = .init(),
    @ViewBuilder content: () -> Content
  ) where Direction == VerticalTag {
    self.content = content()
  }

  public init(
    alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, pinnedViews: PinnedScrollableViews = .init(),
    @ViewBuilder content: () -> Content
  ) where Direction == HorizontalTag {
    self.content = content()
  }

  public var body: some View {
    NamedContainer(name: Direction.self == VerticalTag.self ? "LazyVStack" : "LazyHStack", content: content)
  }
}

/// Views pinned while scrolling (not modelled).
public struct PinnedScrollableViews: OptionSet, Sendable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }
  public static let sectionHeaders = PinnedScrollableViews(rawValue: 1)
  public static let sectionFooters = PinnedScrollableViews(rawValue: 2)
}

/// A grid that grows vertically (SwiftUI's `LazyVGrid`); drawn `LazyVGrid` with its cells below.
///
/// ```swift
/// LazyVGrid(columns: [GridItem(.adaptive(minimum: 100))]) { ForEach(photos) { PhotoCell(photo: $0) } }
/// ```
nonisolated public struct LazyVGrid<Content: View>: View {
  let content: Content

  public init(
    columns: [GridItem], alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
    pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content
  ) {
    self.content = content()
  }

  @MainActor public var body: some View { NamedContainer(name: "LazyVGrid", content: content) }
}

/// A grid that grows horizontally (SwiftUI's `LazyHGrid`); drawn `LazyHGrid`.
nonisolated public struct LazyHGrid<Content: View>: View {
  let content: Content

  public init(
    rows: [GridItem], alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
    pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content
  ) {
    self.content = content()
  }

  @MainActor public var body: some View { NamedContainer(name: "LazyHGrid", content: content) }
}

/// A column or row of a lazy grid (layout only).
public struct GridItem: Sendable {
  public enum Size: Sendable {
    case fixed(CGFloat)
    case flexible(minimum: CGFloat = 10, maximum: CGFloat = .infinity)
    case adaptive(minimum: CGFloat, maximum: CGFloat = .infinity)
  }

  public var size: Size
  public var spacing: CGFloat?
  public var alignment: Alignment?

  public init(_ size: Size = .flexible(), spacing: CGFloat? = nil, alignment: Alignment? = nil) {
    self.size = size
    self.spacing = spacing
    self.alignment = alignment
  }
}

/// A scrollable view (SwiftUI's `ScrollView`); drawn `ScrollView` with its content below. All of
/// the content is built and drawn (there is no viewport).
///
/// ```swift
/// ScrollView { VStack { … } }
/// ```
nonisolated public struct ScrollView<Content: View>: View {
  let content: Content

  public init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content) {
    self.content = content()
  }

  @MainActor public var body: some View { NamedContainer(name: "ScrollView", content: content) }
}

/// Rows in a list (SwiftUI's `List`); drawn `List` with its rows below. Every row is built.
///
/// ```swift
/// List(people) { person in NavigationLink(person.name, value: person) }
/// ```
nonisolated public struct List<SelectionValue: Hashable, Content: View>: View {
  let content: Content

  public init(@ViewBuilder content: () -> Content) where SelectionValue == Never {
    self.content = content()
  }

  public init(selection: Binding<SelectionValue?>?, @ViewBuilder content: () -> Content) {
    self.content = content()
  }

  public init(selection: Binding<Set<SelectionValue>>?, @ViewBuilder content: () -> Content) {
    self.content = content()
  }

  public init<Data: RandomAccessCollection, RowContent: View>(
    _ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
  ) where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable, SelectionValue == Never {
    content = ForEach(data, content: rowContent)
  }

  public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(
    _ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
  ) where Content == ForEach<Data, ID, RowContent>, SelectionValue == Never {
    content = ForEach(data, id: id, content: rowContent)
  }

  @MainActor public var body: some View { NamedContainer(name: "List", content: content) }
}

/// A form of grouped controls (SwiftUI's `Form`); drawn `Form`.
///
/// ```swift
/// Form { Section("Account") { TextField("Name", text: $name) } }
/// ```
nonisolated public struct Form<Content: View>: View {
  let content: Content

  public init(@ViewBuilder content: () -> Content) { self.content = content() }

  @MainActor public var body: some View { NamedContainer(name: "Form", content: content) }
}

/// A section of a list or form (SwiftUI's `Section`); drawn `Section "header"` (its header's text,
/// if any) with the rows, then the footer, below.
///
/// ```swift
/// Section("Notifications") { Toggle("Email", isOn: $email) }
/// Section { … } header: { Text("Account") } footer: { Text("Visible to friends") }
/// ```
nonisolated public struct Section<Parent: View, Content: View, Footer: View>: View, PrimitiveView {
  let header: Parent
  let content: Content
  let footer: Footer

  public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent, @ViewBuilder footer: () -> Footer)
  {
    self.header = header()
    self.content = content()
    self.footer = footer()
  }

  public init(header: Parent, footer: Footer, @ViewBuilder content: () -> Content) {
    self.header = header
    self.content = content()
    self.footer = footer
  }

  @MainActor public var body: Never { primitiveBodyNeverCalled(Self.self) }

  @MainActor func makeContent() -> PrimitiveContent {
    var children: [(key: AnyHashable, view: any View)] = [(AnyHashable("content"), content)]
    var line = "Section"
    if let text = header as? Text {
      line += " \(FrameFormat.quote(text.content))"
    } else if !(header is EmptyView) {
      children.insert((AnyHashable("header"), header), at: 0)
    }
    if !(footer is EmptyView) { children.append((AnyHashable("footer"), footer)) }
    return PrimitiveContent(line: line, children: children)
  }
}

extension Section where Parent == EmptyView, Footer == EmptyView {
  public init(@ViewBuilder content: () -> Content) {
    self.init(content: content, header: { EmptyView() }, footer: { EmptyView() })
  }
}

extension Section where Parent == Text, Footer == EmptyView {
  public init(_ title: some StringProtocol, @ViewBuilder content: () -> Content) {
    self.init(content: content, header: { Text(verbatim: String(title)) }, footer: { EmptyView() })
  }
}

extension Section where Footer == EmptyView {
  public init(header: Parent, @ViewBuilder content: () -> Content) {
    self.init(header: header, footer: EmptyView(), content: content)
  }

  public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent) {
    self.init(content: content, header: header, footer: { EmptyView() })
  }
}

extension Section where Parent == EmptyView {
  public init(@ViewBuilder content: () -> Content, @ViewBuilder footer: () -> Footer) {
    self.init(content: content, header: { EmptyView() }, footer: footer)
  }

  public init(footer: Footer, @ViewBuilder content: () -> Content) {
    self.init(header: EmptyView(), footer: footer, content: content)
  }
}

/// Flexible space in a stack (layout only; not drawn).
///
/// ```swift
/// HStack { Text("Total"); Spacer(); Text(total) }
/// ```
public struct Spacer: Sendable {
  public init(minLength: CGFloat? = nil) {}
}

// Conformances in extensions keep these views nonisolated, as Apple's are (see Color).
extension Spacer: View, PrimitiveView {
  public var body: Never { primitiveBodyNeverCalled(Self.self) }
  func makeContent() -> PrimitiveContent { PrimitiveContent() }
}

/// A separator line; drawn `Divider`.
///
/// ```swift
/// VStack { Text("Top"); Divider(); Text("Bottom") }
/// ```
public struct Divider: Sendable {
  public init() {}
}

extension Divider: View, PrimitiveView {
  public var body: Never { primitiveBodyNeverCalled(Self.self) }
  func makeContent() -> PrimitiveContent { PrimitiveContent(line: "Divider") }
}

/// Gives its content the size it is offered (SwiftUI's `GeometryReader`). With no layout here, the
/// size is always that of a 390 × 844 point screen, so frames are the same on every run. Transparent.
///
/// ```swift
/// GeometryReader { proxy in Text("\(Int(proxy.size.width))") }
/// ```
nonisolated public struct GeometryReader<Content: View>: View {
  let content: (GeometryProxy) -> Content

  public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) { self.content = content }

  @MainActor public var body: some View { content(GeometryProxy()) }
}

/// The size and frame a `GeometryReader` offers (fixed: 390 × 844 at the origin).
public struct GeometryProxy: Sendable {
  public let size = CGSize(width: 390, height: 844)
  public let safeAreaInsets = EdgeInsets()
  public func frame(in coordinateSpace: CoordinateSpace) -> CGRect { CGRect(origin: .zero, size: size) }
}

/// A coordinate space for `GeometryProxy.frame(in:)`.
public enum CoordinateSpace: Sendable {
  case global, local
  case named(String)
}
