import CInterop

/// A Kotlin `MutableSharedFlow<Element>`.
public struct _KotlinTypedMutableSharedFlowImpl<Element>: KotlinTypedMutableSharedFlow, KotlinRefBacked {
  package let kotlinRef: KotlinRef
  let codec: KotlinValueCodec<Element>

  package init(ref: KotlinRef, codec: KotlinValueCodec<Element>) {
    self.kotlinRef = ref
    self.codec = codec
  }

  private var cRef: shared_kref_kotlinx_coroutines_flow_MutableSharedFlow {
    shared_kref_kotlinx_coroutines_flow_MutableSharedFlow(pinned: kotlinRef.pointer)
  }

  public func asAsyncSequence(bufferingPolicy: KotlinBufferingPolicy) -> KotlinFlowSequence<Element> {
    KotlinFlowSequence(flow: kotlinRef, codec: codec, bufferingPolicy: bufferingPolicy)
  }

  public var replayCache: [Element] {
    var value = shared_Value()
    let status = shared_SharedFlow_replayCache(
      shared_kref_kotlinx_coroutines_flow_SharedFlow(pinned: kotlinRef.pointer), &value)
    do throws(KotlinInteropError) {
      try KotlinABI.check(status, "SharedFlow.replayCache")
      return try KotlinValueCodec<[Element]>.list(codec).takeOwned(&value)
    } catch {
      preconditionFailure("SharedFlow.replayCache: \(error)")
    }
  }

  nonisolated(nonsending) public func emit(value: Element) async throws {
    let cRef = self.cRef
    let codec = self.codec
    let transfer = UncheckedTransfer(value: value)
    _ = try await kotlinSuspend("MutableSharedFlow.emit", codec: .unit) { continuation, status in
      var call = shared_Call(pinned: nil)
      codec.encode(transfer.value) { call = shared_MutableSharedFlow_emit(cRef, $0, continuation, status) }
      return call
    }
  }

  public func tryEmit(value: Element) -> Bool {
    var emitted = false
    var status = shared_Status_ok
    codec.encode(value) { status = shared_MutableSharedFlow_tryEmit(cRef, $0, &emitted) }
    precondition(status == shared_Status_ok, "MutableSharedFlow.tryEmit: refused with status \(status.rawValue)")
    return emitted
  }

  public func resetReplayCache() {
    _ = shared_MutableSharedFlow_resetReplayCache(cRef)
  }

  public var subscriptionCount: any KotlinTypedStateFlow<Int32> {
    let pointer = KotlinABI.inCurrentScope { shared_MutableSharedFlow_subscriptionCount(cRef).pinned }
    guard let pointer else { preconditionFailure("MutableSharedFlow.subscriptionCount was refused") }
    return _KotlinTypedStateFlowImpl(ref: KotlinRef(adopting: pointer), codec: .int)
  }
}
