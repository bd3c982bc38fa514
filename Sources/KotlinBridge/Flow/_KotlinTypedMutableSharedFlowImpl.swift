/// A typed `MutableSharedFlow<Element>`.
///
/// ```swift
/// let typed = _KotlinTypedMutableSharedFlowImpl<Elem>(Subject().mutableSharedFlow.wrapped)
/// ```
public struct _KotlinTypedMutableSharedFlowImpl<Element>: KotlinTypedMutableSharedFlow {
  public let _flow: any KotlinFlow

  public init(_ flow: any KotlinMutableSharedFlow) {
    self._flow = flow
  }

  package init(ref: KotlinRef, codec: KotlinValueCodec<Element>) {
    self.init(KotlinMutableSharedFlowObject(ref: ref, codec: codec))
  }
}
