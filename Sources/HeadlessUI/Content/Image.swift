/// An image by asset name or SF Symbol name (SwiftUI's `Image`). Drawn as `Image "name"` or
/// `Image systemName "name"`; in a button or link label its name is the title when there is no text.
/// Resizing and rendering modifiers return `Image` and are not drawn.
///
/// `Image` is a nonisolated, `Sendable` value, as Apple's is (its `View` conformance is in
/// Image+View.swift; see Color for why).
///
/// ```swift
/// Image(systemName: "star.fill").resizable().frame(width: 16, height: 16)
/// ```
public struct Image: Equatable, Sendable {
  let name: String
  let isSystem: Bool

  public init(_ name: String) {
    self.name = name
    isSystem = false
  }

  public init(_ name: String, bundle: Bundle?) { self.init(name) }

  public init(systemName: String) {
    name = systemName
    isSystem = true
  }

  /// How an image is resized (not drawn).
  public enum ResizingMode: Sendable { case stretch, tile }
  /// How an image is rendered (not drawn).
  public enum TemplateRenderingMode: Sendable { case original, template }
  /// Interpolation quality (not drawn).
  public enum Interpolation: Sendable { case none, low, medium, high }

  public func resizable(capInsets: EdgeInsets = EdgeInsets(), resizingMode: ResizingMode = .stretch) -> Image { self }
  public func renderingMode(_ mode: TemplateRenderingMode?) -> Image { self }
  public func interpolation(_ interpolation: Interpolation) -> Image { self }
  public func antialiased(_ isAntialiased: Bool) -> Image { self }
}

/// A title with an icon (SwiftUI's `Label`). Drawn as `Label "title"`; its title is a button's or
/// tab's title.
///
/// Nonisolated, as Apple's is (its `View` conformance is in an extension; see Color).
///
/// ```swift
/// Label("Favorites", systemImage: "star")
/// ```
public struct Label<Title: View, Icon: View> {
  let title: Title
  let icon: Icon

  public init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {
    self.title = title()
    self.icon = icon()
  }
}

extension Label: View, PrimitiveView {
  public var body: Never { primitiveBodyNeverCalled(Self.self) }

  func makeContent() -> PrimitiveContent {
    if let text = title as? Text {
      var result = PrimitiveContent(line: "Label \(FrameFormat.quote(text.content))")
      result.extras.labelText = .text(text.content)
      return result
    }
    return PrimitiveContent(line: "Label", children: [(0, title)])
  }
}

extension Label where Title == Text, Icon == Image {
  public init(_ title: some StringProtocol, systemImage: String) {
    self.init(title: { Text(verbatim: String(title)) }, icon: { Image(systemName: systemImage) })
  }

  public init(_ title: some StringProtocol, image: String) {
    self.init(title: { Text(verbatim: String(title)) }, icon: { Image(image) })
  }
}

/// A progress indicator (SwiftUI's `ProgressView`): `ProgressView`, `ProgressView "Loading"`, or
/// with a fraction `ProgressView 0.5`.
///
/// ```swift
/// if isLoading { ProgressView("Loading…") }
/// ```
nonisolated public struct ProgressView: View, PrimitiveView {
  let label: String?
  let fraction: Double?

  public init() {
    label = nil
    fraction = nil
  }

  public init(_ title: some StringProtocol) {
    label = String(title)
    fraction = nil
  }

  public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0) {
    label = nil
    fraction = value.map { total == 0 ? 0 : Double($0 / total) }
  }

  public init<V: BinaryFloatingPoint>(_ title: some StringProtocol, value: V?, total: V = 1.0) {
    label = String(title)
    fraction = value.map { total == 0 ? 0 : Double($0 / total) }
  }

  public init<Label: View>(@ViewBuilder label: () -> Label) {
    self.label = (label() as? Text)?.content
    fraction = nil
  }

  @MainActor public var body: Never { primitiveBodyNeverCalled(Self.self) }

  @MainActor func makeContent() -> PrimitiveContent {
    var line = "ProgressView"
    if let label { line += " \(FrameFormat.quote(label))" }
    if let fraction { line += " \(fraction)" }
    return PrimitiveContent(line: line)
  }
}

/// An image loaded from a URL (SwiftUI's `AsyncImage`), deterministically: the first frame shows
/// the `.empty` phase; in the view's task (so by the next `settle()`), a URL becomes `.success` (an `Image` named after the
/// URL; nothing is downloaded) and a nil URL stays `.empty`, as SwiftUI shows the placeholder for
/// nil. Drawn as `AsyncImage "url"` with the phase's content below.
///
/// ```swift
/// AsyncImage(url: person.avatarURL) { image in image.resizable() } placeholder: { ProgressView() }
/// ```
nonisolated public struct AsyncImage<Content: View>: View {
  private let url: URL?
  private let content: @MainActor (AsyncImagePhase) -> Content

  public init(url: URL?, scale: CGFloat = 1, @ViewBuilder content: @escaping @MainActor (AsyncImagePhase) -> Content) {
    self.url = url
    self.content = content
  }

  public init<I: View, P: View>(
    url: URL?, scale: CGFloat = 1, @ViewBuilder content: @escaping @MainActor (Image) -> I,
    @ViewBuilder placeholder: @escaping @MainActor () -> P
  ) where Content == ConditionalContent<I, P> {
    self.url = url
    self.content = { phase in
      if case .success(let image) = phase {
        ViewBuilder.buildEither(first: content(image)) as ConditionalContent<I, P>
      } else {
        ViewBuilder.buildEither(second: placeholder()) as ConditionalContent<I, P>
      }
    }
  }

  public init(url: URL?, scale: CGFloat = 1) where Content == AsyncImagePlain {
    self.url = url
    self.content = { AsyncImagePlain(phase: $0) }
  }

  @MainActor public var body: some View {
    AsyncImageLoader(url: url, content: content).id(url)
  }
}

/// The default content of `AsyncImage(url:)`: the image once loaded, nothing before.
nonisolated public struct AsyncImagePlain: View {
  let phase: AsyncImagePhase
  @MainActor public var body: some View { phase.image }
}

/// The state of an `AsyncImage` load (SwiftUI's `AsyncImagePhase`).
public enum AsyncImagePhase {
  case empty
  case success(Image)
  case failure(any Error)

  public var image: Image? {
    if case .success(let image) = self { return image }
    return nil
  }

  public var error: (any Error)? {
    if case .failure(let error) = self { return error }
    return nil
  }
}

struct AsyncImageLoader<Content: View>: View {
  let url: URL?
  let content: @MainActor (AsyncImagePhase) -> Content
  @State private var phase = AsyncImagePhase.empty

  var body: some View {
    AsyncImageFrame(url: url, content: content(phase))
      .task {
        // A task, not onAppear: the first frame shows the `.empty` phase, as on a device.
        if let url { phase = .success(Image(url.absoluteString)) }
      }
  }
}

struct AsyncImageFrame<Content: View>: View, PrimitiveView {
  let url: URL?
  let content: Content

  var body: Never { primitiveBodyNeverCalled(Self.self) }

  func makeContent() -> PrimitiveContent {
    PrimitiveContent(line: "AsyncImage \(FrameFormat.quote(url?.absoluteString ?? "nil"))", children: [(0, content)])
  }
}
