/// A typed `StateFlow<Element>`.
///
/// ```swift
/// let typed = _KotlinTypedStateFlowImpl<Int32>(Store().state.wrapped)
/// ```
public struct _KotlinTypedStateFlowImpl<Element>: KotlinTypedStateFlow {
  public let _flow: any KotlinFlow

  public init(_ flow: any KotlinStateFlow) {
    self._flow = flow
  }

  package init(ref: KotlinRef, codec: KotlinValueCodec<Element>) {
    self.init(KotlinStateFlowObject(ref: ref, codec: codec))
  }
}
