/// A typed `Flow<Element>` over a Kotlin flow object, as Swift export's generated code builds it.
///
/// ```swift
/// let typed = _KotlinTypedFlowImpl<Elem>(elements()._flow)
/// ```
public struct _KotlinTypedFlowImpl<Element>: KotlinTypedFlow {
  public let _flow: any KotlinFlow

  public init(_ flow: any KotlinFlow) {
    self._flow = flow
  }

  /// A flow object of the runtime whose binding declared `Element` (decoded with `codec`).
  package init(ref: KotlinRef, codec: KotlinValueCodec<Element>) {
    self.init(KotlinFlowObject(ref: ref, codec: codec))
  }
}
