/// A view per element of a collection, each keyed by its id: an element's state follows its id
/// when the collection is reordered, and is dropped when its id disappears. Transparent.
///
/// ```swift
/// ForEach(items, id: \.name) { item in Text(item.name) }
/// ```
nonisolated public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View, PrimitiveView {
  let data: Data
  let id: KeyPath<Data.Element, ID>
  let content: (Data.Element) -> Content

  public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
    self.data = data
    self.id = id
    self.content = content
  }

  @MainActor public var body: Never { primitiveBodyNeverCalled(Self.self) }

  @MainActor func makeContent() -> PrimitiveContent {
    var seen = Set<ID>()
    var children: [(key: AnyHashable, view: any View)] = []
    for element in data {
      let key = element[keyPath: id]
      // A repeated id would give two views one identity; SwiftUI keeps the first, and so do we.
      guard seen.insert(key).inserted else { continue }
      children.append((AnyHashable(key), content(element)))
    }
    return PrimitiveContent(children: children)
  }
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID {
  public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
    self.init(data, id: \.id, content: content)
  }
}
