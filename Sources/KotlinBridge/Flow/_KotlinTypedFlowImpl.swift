/// A Kotlin `Flow<Element>` object (cold, or any flow the bindings see only as `Flow`).
public struct _KotlinTypedFlowImpl<Element>: KotlinTypedFlow, KotlinRefBacked {
  package let kotlinRef: KotlinRef
  let codec: KotlinValueCodec<Element>

  package init(ref: KotlinRef, codec: KotlinValueCodec<Element>) {
    self.kotlinRef = ref
    self.codec = codec
  }

  public func asAsyncSequence(bufferingPolicy: KotlinBufferingPolicy) -> KotlinFlowSequence<Element> {
    KotlinFlowSequence(flow: kotlinRef, codec: codec, bufferingPolicy: bufferingPolicy)
  }
}
