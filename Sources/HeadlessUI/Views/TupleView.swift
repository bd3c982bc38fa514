/// Several views in sequence (what a `@ViewBuilder` block with more than one statement builds).
/// Transparent: its children appear in its parent's place, each keyed by its position.
nonisolated public struct TupleView: View, PrimitiveView {
  let views: [any View]

  init(_ views: [any View]) { self.views = views }

  @MainActor public var body: Never { primitiveBodyNeverCalled(Self.self) }

  @MainActor func makeContent() -> PrimitiveContent {
    PrimitiveContent(children: views.enumerated().map { (AnyHashable($0.offset), $0.element) })
  }
}
