/// One view identity in the rendered tree: where its state lives, what it drew last, and its
/// subscriptions and tasks. Identity = the parent's identity + the child's key + its view type.
@MainActor
final class ViewNode {
  struct Key: Hashable {
    let key: AnyHashable
    let type: ObjectIdentifier
  }

  let key: Key
  unowned let host: HostCore
  weak var parent: ViewNode?
  var view: any View
  var children: [ViewNode] = []
  /// For primitive views: what `makeContent()` returned at the last render.
  var content: PrimitiveContent?
  /// Persistent storage of `@State` / `@StateObject` properties, by property name.
  var slots: [String: AnyObject] = [:]
  /// Change subscriptions of `@StateObject` / `@ObservedObject` properties, by property name.
  private var subscriptions: [String: (publisher: ObjectIdentifier, cancellable: AnyCancellable)] = [:]
  var dirty = false
  var isMounted = true
  var appeared = false
  // `.task` modifiers
  var task: Task<Void, Never>?
  var taskID: AnyHashable?

  init(key: Key, parent: ViewNode?, host: HostCore, view: any View) {
    self.key = key
    self.parent = parent
    self.host = host
    self.view = view
  }

  var isPrimitive: Bool { view is any PrimitiveView }

  /// Marks the view for re-rendering in the next render pass (one per main-actor turn).
  func invalidate() {
    guard isMounted else { return }
    dirty = true
    host.scheduleRender()
  }

  /// Marks the view dirty without scheduling (the caller is a render pass already).
  func markDirty() {
    guard isMounted else { return }
    dirty = true
    host.noteChange()
  }

  /// Re-renders this view whenever `object` announces a change on its `objectWillChange` (one
  /// subscription per property; a new object replaces the old subscription).
  func observe<Object: ObservableObject>(_ object: Object, label: String) {
    let id = ObjectIdentifier(object)
    if subscriptions[label]?.publisher == id { return }
    let inbox = host.inbox
    // objectWillChange may fire on any thread: the inbox hands the change to the next render. The
    // closure is @Sendable so that it is not main-actor isolated (Swift 6 would check that it runs
    // on the main actor and stop the program when a Kotlin thread announces a change).
    let cancellable = object.objectWillChange.sink { @Sendable [weak self] _ in
      inbox.post(self) { [weak self] in self?.host.flush() }
    }
    subscriptions[label] = (id, cancellable)
  }

  /// Called when the view leaves the tree: its state and subscriptions go with it.
  func tearDown() {
    isMounted = false
    for subscription in subscriptions.values { subscription.cancellable.cancel() }
    subscriptions.removeAll()
    slots.removeAll()
  }
}
