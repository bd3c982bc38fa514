/// A flow with a value to show before its first element: a state flow (its current value), or
/// any flow given one with ``SkieSwiftFlow/withInitialValue(_:)``. `Observing` over these needs no
/// initial content.
///
/// ```swift
/// Observing(viewModel.ticks.withInitialValue(0)) { tick in Text("Tick #\(tick)") }
/// ```
public protocol SkieSwiftFlowWithInitialValue<Flow> {
  associatedtype Flow: SkieSwiftFlowProtocol
  /// The flow to observe.
  var flow: Flow { get }
  /// The value shown until the flow emits.
  var initialValue: Flow.Element { get }
}

/// A flow paired with an initial value by `withInitialValue(_:)`.
public struct SkieSwiftFlowWithInitialValueImpl<Flow: SkieSwiftFlowProtocol>: SkieSwiftFlowWithInitialValue {
  public let flow: Flow
  public let initialValue: Flow.Element
}

extension SkieSwiftStateFlow: SkieSwiftFlowWithInitialValue {
  public var flow: SkieSwiftStateFlow<T> { self }
  public var initialValue: T { value }
}

extension SkieSwiftMutableStateFlow: SkieSwiftFlowWithInitialValue {
  public var flow: SkieSwiftMutableStateFlow<T> { self }
  public var initialValue: T { value }
}

extension SkieSwiftFlow {
  /// This flow with a value `Observing` shows until the flow's first element.
  ///
  /// ```swift
  /// Observing(viewModel.ticks.withInitialValue(0)) { tick in Text("\(tick)") }
  /// ```
  public func withInitialValue(_ initialValue: T) -> SkieSwiftFlowWithInitialValueImpl<SkieSwiftFlow<T>> {
    SkieSwiftFlowWithInitialValueImpl(flow: self, initialValue: initialValue)
  }
}

extension SkieSwiftSharedFlow {
  /// This flow with a value `Observing` shows until the flow's first element.
  ///
  /// ```swift
  /// Observing(viewModel.events.withInitialValue("none")) { event in Text(event) }
  /// ```
  public func withInitialValue(_ initialValue: T) -> SkieSwiftFlowWithInitialValueImpl<SkieSwiftSharedFlow<T>> {
    SkieSwiftFlowWithInitialValueImpl(flow: self, initialValue: initialValue)
  }
}

extension SkieSwiftMutableSharedFlow {
  /// This flow with a value `Observing` shows until the flow's first element.
  ///
  /// ```swift
  /// Observing(viewModel.clicks.withInitialValue(0)) { clicks in Text("\(clicks)") }
  /// ```
  public func withInitialValue(_ initialValue: T) -> SkieSwiftFlowWithInitialValueImpl<SkieSwiftMutableSharedFlow<T>> {
    SkieSwiftFlowWithInitialValueImpl(flow: self, initialValue: initialValue)
  }
}
