import Dispatch
import Foundation

/// Runs an action after a render in which a value changed. Transparent.
public struct OnChangeView<Content: View, Value: Equatable>: View {
  let content: Content
  let value: Value
  let initial: Bool
  let action: (Value, Value) -> Void
  private let reader = NodeReader()
  private let previous = Persistent<Value?>(nil)

  init(content: Content, value: Value, initial: Bool, action: @escaping (Value, Value) -> Void) {
    self.content = content
    self.value = value
    self.initial = initial
    self.action = action
  }

  public var body: some View {
    let box = previous.box
    let new = value
    let action = self.action
    if let old = box.value {
      if old != new { reader.node?.host.afterCommit.append { action(old, new) } }
    } else if initial {
      reader.node?.host.afterCommit.append { action(new, new) }
    }
    box.value = new
    return content
  }
}

/// Calls an action on the main actor with every value a publisher sends while the view is on
/// screen. Transparent.
public struct OnReceiveView<Content: View, P: Publisher>: View where P.Failure == Never {
  let content: Content
  let publisher: P
  let action: (P.Output) -> Void
  private let subscription = Persistent<ReceiveSubscription<P.Output>?>(nil)

  init(content: Content, publisher: P, action: @escaping (P.Output) -> Void) {
    self.content = content
    self.publisher = publisher
    self.action = action
  }

  public var body: some View {
    let box = subscription.box
    let current = box.value ?? ReceiveSubscription<P.Output>()
    box.value = current
    current.action = action  // the latest closure sees the latest view state
    let publisher = self.publisher
    return
      content
      .onAppear { current.start(publisher) }
      .onDisappear { current.cancellable = nil }
  }
}

@MainActor
final class ReceiveSubscription<Output> {
  var action: ((Output) -> Void)?
  var cancellable: AnyCancellable?

  func start<P: Publisher>(_ publisher: P) where P.Output == Output, P.Failure == Never {
    guard cancellable == nil else { return }
    cancellable = publisher.sink { [weak self] value in
      // Values arrive on the sender's thread: on the main queue (where the main actor runs) they
      // are handled at once, as in SwiftUI; from elsewhere, on the next main-queue turn.
      let delivery = UncheckedDelivery(value: value, target: self)
      if MainQueue.isCurrent {
        MainActor.assumeIsolated { delivery.deliver() }
      } else {
        DispatchQueue.main.async { MainActor.assumeIsolated { delivery.deliver() } }
      }
    }
  }
}

/// Whether the caller runs on the main dispatch queue, which serves the main actor. (Not
/// `Thread.isMainThread`: under a test runner the main queue may be drained by another thread.)
enum MainQueue {
  private static let key: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
  }()

  static var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == true }
}

/// A value on its way to the main actor; @unchecked Sendable: Combine does not check values for
/// Sendable, and the target is only touched on the main actor.
private struct UncheckedDelivery<Output>: @unchecked Sendable {
  let value: Output
  weak var target: ReceiveSubscription<Output>?

  @MainActor func deliver() { target?.action?(value) }
}

/// A view whose content can be tapped (`.onTapGesture`): `HeadlessHost.tap(_:)` finds it by the
/// text in it. Transparent.
nonisolated public struct TapGestureView<Content: View>: View, PrimitiveView {
  let content: Content
  let action: () -> Void

  @MainActor public var body: Never { primitiveBodyNeverCalled(Self.self) }

  @MainActor func makeContent() -> PrimitiveContent {
    var result = PrimitiveContent.wrapping(content)
    let action = self.action
    result.extras.control = Control(kind: .tapGesture, tap: { _ in action() })
    return result
  }
}

/// `.refreshable`: what `HeadlessHost.refresh()` runs. Transparent.
nonisolated public struct RefreshableView<Content: View>: View, PrimitiveView {
  let content: Content
  let action: @Sendable () async -> Void

  @MainActor public var body: Never { primitiveBodyNeverCalled(Self.self) }

  @MainActor func makeContent() -> PrimitiveContent {
    var result = PrimitiveContent.wrapping(content)
    let action = self.action
    result.extras.refresh = { await action() }
    result.extras.environment = { $0.refresh = RefreshAction(action: { await action() }) }
    return result
  }
}

/// `.searchable`: a search field drawn before the content (`SearchField "prompt" = "text"`).
nonisolated public struct SearchableView<Content: View>: View, PrimitiveView {
  let content: Content
  let text: Binding<String>
  let prompt: String

  @MainActor public var body: Never { primitiveBodyNeverCalled(Self.self) }

  @MainActor func makeContent() -> PrimitiveContent {
    var result = PrimitiveContent(children: [
      (AnyHashable("search"), SearchField(text: text, prompt: prompt)), (AnyHashable("content"), content),
    ])
    let isSearching = !text.wrappedValue.isEmpty
    result.extras.environment = { $0.isSearching = isSearching }
    return result
  }
}

struct SearchField: View, PrimitiveView {
  let text: Binding<String>
  let prompt: String

  var body: Never { primitiveBodyNeverCalled(Self.self) }

  func makeContent() -> PrimitiveContent {
    var result = PrimitiveContent()
    let text = self.text
    let prompt = self.prompt
    result.extras.line = { _ in "SearchField \(FrameFormat.quote(prompt)) = \(FrameFormat.quote(text.wrappedValue))" }
    result.extras.control = Control(kind: .searchField, title: prompt, text: text)
    return result
  }
}

/// Where the search field goes (not drawn).
public struct SearchFieldPlacement: Sendable {
  public static let automatic = SearchFieldPlacement()
  public static let toolbar = SearchFieldPlacement()
  public static let sidebar = SearchFieldPlacement()
  public static let navigationBarDrawer = SearchFieldPlacement()
  public static func navigationBarDrawer(displayMode: NavigationBarDrawerDisplayMode) -> SearchFieldPlacement {
    SearchFieldPlacement()
  }

  public enum NavigationBarDrawerDisplayMode: Sendable { case automatic, always }
}

/// Hides its content (`.hidden()`): not drawn, not tappable.
nonisolated public struct HiddenView<Content: View>: View, PrimitiveView {
  let content: Content

  @MainActor public var body: Never { primitiveBodyNeverCalled(Self.self) }

  @MainActor func makeContent() -> PrimitiveContent {
    var result = PrimitiveContent.wrapping(content)
    result.extras.isVisible = { _ in false }
    return result
  }
}

extension View {
  /// Runs `action` with the old and new value after a render in which `value` changed (and once at
  /// first appearance with `initial: true`).
  ///
  /// ```swift
  /// .onChange(of: query) { old, new in search(new) }
  /// ```
  public func onChange<V: Equatable>(
    of value: V, initial: Bool = false, _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void
  ) -> OnChangeView<Self, V> {
    OnChangeView(content: self, value: value, initial: initial, action: action)
  }

  /// Runs `action` after a render in which `value` changed.
  ///
  /// ```swift
  /// .onChange(of: selection) { reload() }
  /// ```
  public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping () -> Void)
    -> OnChangeView<Self, V>
  {
    OnChangeView(content: self, value: value, initial: initial) { _, _ in action() }
  }

  /// The iOS 14 form: `action` gets the new value.
  ///
  /// ```swift
  /// .onChange(of: query) { newValue in search(newValue) }
  /// ```
  public func onChange<V: Equatable>(of value: V, perform action: @escaping (_ newValue: V) -> Void)
    -> OnChangeView<Self, V>
  {
    OnChangeView(content: self, value: value, initial: false) { _, new in action(new) }
  }

  /// Calls `action` with each value `publisher` sends while the view is on screen.
  ///
  /// ```swift
  /// .onReceive(timer.publisher) { now = $0 }
  /// ```
  public func onReceive<P: Publisher>(_ publisher: P, perform action: @escaping (P.Output) -> Void)
    -> OnReceiveView<Self, P> where P.Failure == Never
  {
    OnReceiveView(content: self, publisher: publisher, action: action)
  }

  /// Makes the view tappable: `HeadlessHost.tap(_:)` finds it by the text it contains.
  ///
  /// ```swift
  /// PersonRow(person).onTapGesture { selected = person }
  /// ```
  nonisolated public func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> TapGestureView<Self> {
    TapGestureView(content: self, action: action)
  }

  /// Handles a URL the app is asked to open (a deep link or universal link). Compiles; `action`
  /// never runs headlessly: nothing opens URLs in a test, so call the code it calls directly.
  ///
  /// ```swift
  /// RootView().onOpenURL { url in router.handle(url) }
  /// ```
  nonisolated public func onOpenURL(perform action: @escaping (URL) -> Void) -> Self { self }

  /// Pull to refresh: `HeadlessHost.refresh()` runs `action` and waits for it.
  ///
  /// ```swift
  /// List(items) { … }.refreshable { await model.reload() }
  /// ```
  nonisolated public func refreshable(action: @escaping @Sendable () async -> Void) -> RefreshableView<Self> {
    RefreshableView(content: self, action: action)
  }

  /// A search field bound to `text`, drawn before the content; `HeadlessHost.search(_:)` types into
  /// it and `submit()` submits it.
  ///
  /// ```swift
  /// List(results) { … }.searchable(text: $query, prompt: "Search people")
  /// ```
  nonisolated public func searchable(text: Binding<String>, placement: SearchFieldPlacement = .automatic)
    -> SearchableView<Self>
  {
    SearchableView(content: self, text: text, prompt: "Search")
  }

  nonisolated public func searchable(
    text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: some StringProtocol
  )
    -> SearchableView<Self>
  {
    SearchableView(content: self, text: text, prompt: String(prompt))
  }

  nonisolated public func searchable(text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: Text?)
    -> SearchableView<Self>
  {
    SearchableView(content: self, text: text, prompt: prompt?.content ?? "Search")
  }

  /// Hides the view: not drawn and not tappable, but still alive.
  nonisolated public func hidden() -> HiddenView<Self> { HiddenView(content: self) }
}
