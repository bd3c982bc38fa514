/// Gives its content a proxy for scrolling to a view by id (SwiftUI's `ScrollViewReader`).
/// Transparent: draws its content. There is no viewport headlessly (a `ScrollView` draws all of
/// its content), so `scrollTo` changes nothing that a frame shows.
///
/// ```swift
/// ScrollViewReader { proxy in
///   List(pokemon) { PokemonRow($0).id($0.id) }
///     .onAppear { proxy.scrollTo(lastSeenID, anchor: .center) }
/// }
/// ```
nonisolated public struct ScrollViewReader<Content: View>: View {
  private let content: (ScrollViewProxy) -> Content

  public init(@ViewBuilder content: @escaping (ScrollViewProxy) -> Content) { self.content = content }

  @MainActor public var body: some View { content(ScrollViewProxy()) }
}

/// Scrolls the scroll views of a `ScrollViewReader` (SwiftUI's `ScrollViewProxy`). Headlessly
/// every row is drawn already, so scrolling does nothing.
///
/// ```swift
/// proxy.scrollTo(message.id, anchor: .bottom)
/// ```
public struct ScrollViewProxy: Sendable {
  /// Does nothing: there is no viewport to move.
  public func scrollTo<ID: Hashable>(_ id: ID, anchor: UnitPoint? = nil) {}
}
