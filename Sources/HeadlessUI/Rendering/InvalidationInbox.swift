import Locking

/// Changes announced from outside the main actor's synchronous flow — `objectWillChange` and
/// `@Observable` change callbacks, which fire on whatever thread mutates the model — are dropped
/// here and picked up by the next render pass. So a change made just before `render()` is drawn by
/// that `render()`, whichever thread announced it, and a render is also scheduled for the next
/// main-actor turn.
final class InvalidationInbox: Sendable {
  // @unchecked Sendable: a weak reference, only loaded on the main actor (in `drain`).
  private struct WeakNode: @unchecked Sendable {
    weak var node: ViewNode?
  }

  private let pending = Locked<[WeakNode]>([])

  /// Any thread: remember that `node` must re-render, and make sure a render pass comes.
  func post(_ node: ViewNode?, schedule: @escaping @Sendable @MainActor () -> Void) {
    let wasEmpty = pending.withLock { pending in
      defer { pending.append(WeakNode(node: node)) }
      return pending.isEmpty
    }
    if wasEmpty { Task { @MainActor in schedule() } }
  }

  /// Whether a change was posted and not drained yet.
  var hasPending: Bool { pending.withLock { !$0.isEmpty } }

  /// Main actor: marks every posted node dirty (those still in the tree).
  @MainActor
  func drain() {
    let nodes = pending.withLock { pending in
      defer { pending.removeAll() }
      return pending
    }
    for entry in nodes { entry.node?.markDirty() }
  }
}
