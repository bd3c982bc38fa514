import SwiftUI

/// SKIE's SwiftUI view over flows: it collects one to five SKIE flows while it is on screen and draws
/// `content` with their latest values (like `ForEach` over an asynchronous sequence).
///
/// Over flows without a value yet it draws `initialContent` until every flow has emitted; over state
/// flows (or flows given a value with `withInitialValue(_:)`) it needs none. Leaving the screen
/// cancels the collections (the Kotlin collections end). A Kotlin exception in a flow would crash
/// the app on iOS (SKIE's flows do not throw); here it is reported as "this would crash on iOS: …"
/// and the view keeps its last values.
///
/// ```swift
/// Observing(viewModel.counter) { counter in
///   Text("Tick \(counter)")
/// }
/// Observing(viewModel.ticks) {
///   ProgressView("Waiting for a first value")
/// } content: { tick in
///   Text("Tick #\(tick)")
/// }
/// ```
public struct Observing<Values, InitialContent: View, Content: View>: View {
  private let flows: [any SkieSwiftFlowProtocol]
  private let flowIDs: [ObjectIdentifier]
  private let animation: Animation?
  private let initialContent: () -> InitialContent
  private let content: (Values) -> Content
  private let extractValues: ([Any?]) -> Values?

  init(
    flows: [any SkieSwiftFlowProtocol],
    animation: Animation?,
    initialContent: @escaping () -> InitialContent,
    content: @escaping (Values) -> Content,
    extractValues: @escaping ([Any?]) -> Values?
  ) {
    self.flows = flows
    self.flowIDs = flows.map(\.kotlinObjectID)
    self.animation = animation
    self.initialContent = initialContent
    self.content = content
    self.extractValues = extractValues
  }

  public var body: some View {
    // Other Kotlin flows are a new collection: the identity changes with them. The same Kotlin flow
    // behind a new wrapper (each property access makes one) is the same collection.
    ObservedFlows(flows: flows, animation: animation) { raw in
      if let values = extractValues(raw) {
        content(values)
      } else {
        initialContent()
      }
    }
    .id(flowIDs)
  }

  /// The value `raw` holds for a flow of `Element`s, if it has emitted one.
  static func value<Element>(_ raw: Any?, as type: Element.Type) -> Element? {
    guard let raw else { return nil }
    guard let value = raw as? Element else {
      preconditionFailure("Invalid state: Observing received \(raw), not a \(Element.self)")
    }
    return value
  }
}
