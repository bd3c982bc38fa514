/// A type-erased view (as in SwiftUI). Transparent; the wrapped view keeps its identity as long as
/// its type does.
///
/// ```swift
/// let root = useCounter ? AnyView(CounterView()) : AnyView(LocationView())
/// ```
nonisolated public struct AnyView: View, PrimitiveView {
  let view: any View

  public init<V: View>(_ view: V) { self.view = view }

  /// Wraps an existential view.
  public init(erasing view: any View) { self.view = view }

  @MainActor public var body: Never { primitiveBodyNeverCalled(Self.self) }

  @MainActor func makeContent() -> PrimitiveContent { .wrapping(view) }
}
