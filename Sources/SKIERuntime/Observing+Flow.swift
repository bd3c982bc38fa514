import SwiftUI

extension Observing {
  /// Observes one flow: `initialContent` until it emits, then `content` with each value.
  ///
  /// ```swift
  /// Observing(viewModel.ticks) { ProgressView() } content: { tick in Text("\(tick)") }
  /// ```
  public init<Flow1: SkieSwiftFlowProtocol>(
    _ flow1: Flow1,
    animation: Animation? = nil,
    @ViewBuilder initialContent: @escaping () -> InitialContent,
    @ViewBuilder content: @escaping (Flow1.Element) -> Content
  ) where Values == Flow1.Element {
    self.init(flows: [flow1], animation: animation, initialContent: initialContent, content: content) { raw in
      Self.value(raw[0], as: Flow1.Element.self)
    }
  }

  /// Observes two flows: `initialContent` until both have emitted, then `content` with the latest of each.
  ///
  /// ```swift
  /// Observing(viewModel.ticks, viewModel.names) { ProgressView() } content: { tick, name in Text("\(name) \(tick)") }
  /// ```
  public init<Flow1: SkieSwiftFlowProtocol, Flow2: SkieSwiftFlowProtocol>(
    _ flow1: Flow1,
    _ flow2: Flow2,
    animation: Animation? = nil,
    @ViewBuilder initialContent: @escaping () -> InitialContent,
    @ViewBuilder content: @escaping (Flow1.Element, Flow2.Element) -> Content
  ) where Values == (Flow1.Element, Flow2.Element) {
    self.init(flows: [flow1, flow2], animation: animation, initialContent: initialContent, content: content) { raw in
      guard let value1 = Self.value(raw[0], as: Flow1.Element.self),
        let value2 = Self.value(raw[1], as: Flow2.Element.self)
      else { return nil }
      return (value1, value2)
    }
  }

  /// Observes three flows: `initialContent` until all have emitted, then `content` with the latest of each.
  ///
  /// ```swift
  /// Observing(a, b, c) { ProgressView() } content: { a, b, c in Text("\(a) \(b) \(c)") }
  /// ```
  public init<Flow1: SkieSwiftFlowProtocol, Flow2: SkieSwiftFlowProtocol, Flow3: SkieSwiftFlowProtocol>(
    _ flow1: Flow1,
    _ flow2: Flow2,
    _ flow3: Flow3,
    animation: Animation? = nil,
    @ViewBuilder initialContent: @escaping () -> InitialContent,
    @ViewBuilder content: @escaping (Flow1.Element, Flow2.Element, Flow3.Element) -> Content
  ) where Values == (Flow1.Element, Flow2.Element, Flow3.Element) {
    self.init(flows: [flow1, flow2, flow3], animation: animation, initialContent: initialContent, content: content) {
      raw in
      guard let value1 = Self.value(raw[0], as: Flow1.Element.self),
        let value2 = Self.value(raw[1], as: Flow2.Element.self),
        let value3 = Self.value(raw[2], as: Flow3.Element.self)
      else { return nil }
      return (value1, value2, value3)
    }
  }
}
