/// An app (SwiftUI's `App`): compiles so that app files build; it is never run here (`main()` does
/// nothing). Test its views with `HeadlessHost` instead.
///
/// ```swift
/// struct MyApp: App {
///   var body: some Scene { WindowGroup { ContentView() } }
/// }
/// ```
@MainActor @preconcurrency
public protocol App {
  associatedtype Body: Scene
  @SceneBuilder var body: Body { get }
  init()
}

extension App {
  /// Does nothing: there is no application to launch on Linux.
  public static func main() {}
}

/// A part of an app's interface (SwiftUI's `Scene`); not rendered.
@MainActor @preconcurrency
public protocol Scene {
  associatedtype Body: Scene
  @SceneBuilder var body: Body { get }
}

extension Never: Scene {}

/// A window of views (SwiftUI's `WindowGroup`); not rendered.
public struct WindowGroup<Content: View>: Scene {
  public let content: Content

  public init(@ViewBuilder content: () -> Content) { self.content = content() }
  public init(_ title: some StringProtocol, @ViewBuilder content: () -> Content) { self.content = content() }

  public var body: Never { fatalError("WindowGroup has no body") }
}

/// Settings window (macOS; not rendered).
public struct Settings<Content: View>: Scene {
  public init(@ViewBuilder content: () -> Content) {}
  public var body: Never { fatalError("Settings has no body") }
}

/// Several scenes (what a `@SceneBuilder` block with more than one scene builds).
public struct TupleScene: Scene {
  let scenes: [any Scene]
  public var body: Never { fatalError("TupleScene has no body") }
}

/// Builds scenes (SwiftUI's `SceneBuilder`).
@resultBuilder
@MainActor
public enum SceneBuilder {
  public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }

  public static func buildBlock<each Content: Scene>(_ content: repeat each Content) -> TupleScene {
    var scenes: [any Scene] = []
    for scene in repeat each content { scenes.append(scene) }
    return TupleScene(scenes: scenes)
  }
}

/// Xcode previews (SwiftUI's `PreviewProvider`): compiles; previews are not run. (`#Preview` is
/// declared by the `SwiftUI` module.)
///
/// ```swift
/// struct ContentView_Previews: PreviewProvider {
///   static var previews: some View { ContentView() }
/// }
/// ```
@MainActor @preconcurrency
public protocol PreviewProvider {
  associatedtype Previews: View
  @ViewBuilder static var previews: Previews { get }
}

/// Focus for text fields (SwiftUI's `@FocusState`): a value the view owns; `.focused` records it.
/// Focus has no effect on frames or on the host (any field can be typed into).
///
/// ```swift
/// @FocusState private var nameFocused: Bool
/// TextField("Name", text: $name).focused($nameFocused)
/// ```
@MainActor
@propertyWrapper
public struct FocusState<Value: Hashable>: DynamicPropertySlot {
  let state: State<Value>

  public init() where Value == Bool { state = State(wrappedValue: false) }
  public init<T: Hashable>() where Value == T? { state = State(wrappedValue: nil) }

  public var wrappedValue: Value {
    get { state.wrappedValue }
    nonmutating set { state.wrappedValue = newValue }
  }

  public var projectedValue: Binding { Binding(binding: state.projectedValue) }

  func install(in node: ViewNode, label: String) { state.install(in: node, label: label) }

  /// A binding to focus state (what `.focused` takes).
  @MainActor
  public struct Binding {
    let binding: HeadlessUI.Binding<Value>
    public var wrappedValue: Value {
      get { binding.wrappedValue }
      nonmutating set { binding.wrappedValue = newValue }
    }
  }
}

extension View {
  /// Records focus (not modelled: frames and the host ignore it).
  nonisolated public func focused(_ condition: FocusState<Bool>.Binding) -> Self { self }

  /// Records focus for one value (not modelled).
  nonisolated public func focused<V: Hashable>(_ binding: FocusState<V?>.Binding, equals value: V) -> Self { self }
}
