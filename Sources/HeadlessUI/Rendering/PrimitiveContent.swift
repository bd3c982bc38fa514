/// What a primitive view contributes to its node.
@MainActor
struct PrimitiveContent {
  /// The frame line for this view (`Text "0"`), or nil when the view is transparent.
  var line: String?
  /// Child views with their keys (their identity within this view).
  var children: [(key: AnyHashable, view: any View)] = []
  /// For buttons: the title and the action `tap` runs.
  var button: (title: String, action: @MainActor () -> Void)?
  /// For lifecycle modifiers.
  var lifecycle: Lifecycle?
  /// Controls, environment writes, hidden subtrees and lines drawn from the node (see ContentExtras).
  var extras = ContentExtras()

  @MainActor
  enum Lifecycle {
    case task(id: AnyHashable?, priority: TaskPriority, action: TaskAction)
    case onAppear(@MainActor () -> Void)
    case onDisappear(@MainActor () -> Void)
  }

  init(line: String? = nil, children: [(key: AnyHashable, view: any View)] = []) {
    self.line = line
    self.children = children
  }

  /// A transparent view with one child.
  static func wrapping(_ child: any View, key: AnyHashable = 0) -> PrimitiveContent {
    PrimitiveContent(children: [(key, child)])
  }
}

/// A `.task` closure. `@isolated(any)`: it runs on the actor it was written on (the main actor for
/// closures written in `body`), so calling it from a new task is safe even though it captured the
/// view's state.
struct TaskAction: @unchecked Sendable {
  // @unchecked Sendable: the closure is only ever invoked through its own isolation (see above),
  // once per start, by the task the host creates for it.
  let run: @isolated(any) () async -> Void
}
