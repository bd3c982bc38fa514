/// A view with a task that starts when it appears, is cancelled when it disappears, and (with an
/// id) restarts when the id changes. Transparent.
nonisolated public struct TaskModifierView<Content: View>: View, PrimitiveView {
  let content: Content
  let id: AnyHashable?
  let priority: TaskPriority
  let action: TaskAction

  @MainActor public var body: Never { primitiveBodyNeverCalled(Self.self) }

  @MainActor func makeContent() -> PrimitiveContent {
    var result = PrimitiveContent.wrapping(content)
    result.lifecycle = .task(id: id, priority: priority, action: action)
    return result
  }
}

extension View {
  /// Runs `action` in a task when the view appears and cancels it when the view disappears.
  ///
  /// ```swift
  /// Text("\(value)").task {
  ///   for try? await v in flow.asAsyncSequence() { value = v }
  /// }
  /// ```
  nonisolated public func task(
    priority: TaskPriority = .userInitiated,
    @_inheritActorContext _ action: sending @escaping @isolated(any) () async -> Void
  ) -> TaskModifierView<Self> {
    TaskModifierView(content: self, id: nil, priority: priority, action: TaskAction(run: action))
  }

  /// Like `task(priority:_:)`, and restarts the task (cancelling the old one) when `id` changes.
  nonisolated public func task<ID: Equatable & Hashable>(
    id: ID, priority: TaskPriority = .userInitiated,
    @_inheritActorContext _ action: sending @escaping @isolated(any) () async -> Void
  ) -> TaskModifierView<Self> {
    TaskModifierView(content: self, id: AnyHashable(id), priority: priority, action: TaskAction(run: action))
  }
}
