import CInterop

/// A Kotlin `MutableStateFlow<Element>`: readable and writable from any thread.
public struct _KotlinTypedMutableStateFlowImpl<Element>: KotlinTypedMutableStateFlow, KotlinRefBacked {
  package let kotlinRef: KotlinRef
  let codec: KotlinValueCodec<Element>

  package init(ref: KotlinRef, codec: KotlinValueCodec<Element>) {
    self.kotlinRef = ref
    self.codec = codec
  }

  private var cRef: shared_kref_kotlinx_coroutines_flow_MutableStateFlow {
    shared_kref_kotlinx_coroutines_flow_MutableStateFlow(pinned: kotlinRef.pointer)
  }

  public func asAsyncSequence(bufferingPolicy: KotlinBufferingPolicy) -> KotlinFlowSequence<Element> {
    KotlinFlowSequence(flow: kotlinRef, codec: codec, bufferingPolicy: bufferingPolicy)
  }

  public var value: Element {
    get { readStateFlowValue(kotlinRef, codec) }
    nonmutating set {
      var status = shared_Status_ok
      codec.encode(newValue) { status = shared_MutableStateFlow_setValue(cRef, $0) }
      precondition(status == shared_Status_ok, "MutableStateFlow.value = …: refused with status \(status.rawValue)")
    }
  }

  public func compareAndSet(expect: Element, update: Element) -> Bool {
    var swapped = false
    var status = shared_Status_ok
    codec.encode(expect) { expected in
      codec.encode(update) { updated in
        status = shared_MutableStateFlow_compareAndSet(cRef, expected, updated, &swapped)
      }
    }
    precondition(status == shared_Status_ok, "MutableStateFlow.compareAndSet: refused with status \(status.rawValue)")
    return swapped
  }
}
