import CInterop

/// A Kotlin `StateFlow<Element>` (read-only).
public struct _KotlinTypedStateFlowImpl<Element>: KotlinTypedStateFlow, KotlinRefBacked {
  package let kotlinRef: KotlinRef
  let codec: KotlinValueCodec<Element>

  package init(ref: KotlinRef, codec: KotlinValueCodec<Element>) {
    self.kotlinRef = ref
    self.codec = codec
  }

  public func asAsyncSequence(bufferingPolicy: KotlinBufferingPolicy) -> KotlinFlowSequence<Element> {
    KotlinFlowSequence(flow: kotlinRef, codec: codec, bufferingPolicy: bufferingPolicy)
  }

  public var value: Element { readStateFlowValue(kotlinRef, codec) }
}

/// Reads `StateFlow.value`. The module always has a value of the declared type; a refusal here
/// means the bindings are wrong, which is a programming error.
func readStateFlowValue<Element>(_ ref: KotlinRef, _ codec: KotlinValueCodec<Element>) -> Element {
  var value = shared_Value()
  let status = shared_StateFlow_value(shared_kref_kotlinx_coroutines_flow_StateFlow(pinned: ref.pointer), &value)
  do throws(KotlinInteropError) {
    try KotlinABI.check(status, "StateFlow.value")
    return try codec.takeOwned(&value)
  } catch {
    preconditionFailure("StateFlow.value: \(error)")
  }
}
