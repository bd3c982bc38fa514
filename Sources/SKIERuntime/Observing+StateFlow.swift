import SwiftUI

extension Observing where InitialContent == EmptyView {
  /// Observes one state flow (or a flow with `withInitialValue(_:)`): `content` with its value now,
  /// then with each new one.
  ///
  /// ```swift
  /// Observing(viewModel.counter) { counter in Text("Tick \(counter)") }
  /// ```
  public init<Flow1: SkieSwiftFlowWithInitialValue>(
    _ flow1: Flow1,
    animation: Animation? = nil,
    @ViewBuilder content: @escaping (Flow1.Flow.Element) -> Content
  ) where Values == Flow1.Flow.Element {
    self.init(flows: [flow1.flow], animation: animation, initialContent: EmptyView.init, content: content) { raw in
      Self.value(raw[0], as: Flow1.Flow.Element.self) ?? flow1.initialValue
    }
  }

  /// Observes two state flows (or flows with initial values).
  ///
  /// ```swift
  /// Observing(viewModel.counter, viewModel.title) { counter, title in Text("\(title): \(counter)") }
  /// ```
  public init<Flow1: SkieSwiftFlowWithInitialValue, Flow2: SkieSwiftFlowWithInitialValue>(
    _ flow1: Flow1,
    _ flow2: Flow2,
    animation: Animation? = nil,
    @ViewBuilder content: @escaping (Flow1.Flow.Element, Flow2.Flow.Element) -> Content
  ) where Values == (Flow1.Flow.Element, Flow2.Flow.Element) {
    self.init(
      flows: [flow1.flow, flow2.flow], animation: animation, initialContent: EmptyView.init, content: content
    ) { raw in
      (
        Self.value(raw[0], as: Flow1.Flow.Element.self) ?? flow1.initialValue,
        Self.value(raw[1], as: Flow2.Flow.Element.self) ?? flow2.initialValue
      )
    }
  }

  /// Observes three state flows (or flows with initial values).
  ///
  /// ```swift
  /// Observing(a, b, c) { a, b, c in Text("\(a) \(b) \(c)") }
  /// ```
  public init<
    Flow1: SkieSwiftFlowWithInitialValue, Flow2: SkieSwiftFlowWithInitialValue, Flow3: SkieSwiftFlowWithInitialValue
  >(
    _ flow1: Flow1,
    _ flow2: Flow2,
    _ flow3: Flow3,
    animation: Animation? = nil,
    @ViewBuilder content: @escaping (Flow1.Flow.Element, Flow2.Flow.Element, Flow3.Flow.Element) -> Content
  ) where Values == (Flow1.Flow.Element, Flow2.Flow.Element, Flow3.Flow.Element) {
    self.init(
      flows: [flow1.flow, flow2.flow, flow3.flow], animation: animation, initialContent: EmptyView.init,
      content: content
    ) { raw in
      (
        Self.value(raw[0], as: Flow1.Flow.Element.self) ?? flow1.initialValue,
        Self.value(raw[1], as: Flow2.Flow.Element.self) ?? flow2.initialValue,
        Self.value(raw[2], as: Flow3.Flow.Element.self) ?? flow3.initialValue
      )
    }
  }
}
