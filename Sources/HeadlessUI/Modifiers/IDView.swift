/// A view with an explicit identity: when the id changes, it is a new view (state dropped, tasks
/// restarted, `onDisappear` / `onAppear` run). Transparent.
nonisolated public struct IDView<Content: View, ID: Hashable>: View, PrimitiveView {
  let content: Content
  let id: ID

  @MainActor public var body: Never { primitiveBodyNeverCalled(Self.self) }

  @MainActor func makeContent() -> PrimitiveContent { .wrapping(content, key: AnyHashable(id)) }
}

extension View {
  /// Gives the view an explicit identity.
  nonisolated public func id<ID: Hashable>(_ id: ID) -> IDView<Self, ID> { IDView(content: self, id: id) }
}
