/// A typed `MutableStateFlow<Element>`.
///
/// ```swift
/// let typed = _KotlinTypedMutableStateFlowImpl<Int32>(Subject().counter.wrapped)
/// typed.value = 3
/// ```
public struct _KotlinTypedMutableStateFlowImpl<Element>: KotlinTypedMutableStateFlow {
  public let _flow: any KotlinFlow

  public init(_ flow: any KotlinMutableStateFlow) {
    self._flow = flow
  }

  package init(ref: KotlinRef, codec: KotlinValueCodec<Element>) {
    self.init(KotlinMutableStateFlowObject(ref: ref, codec: codec))
  }
}
