import CInterop

// The Swift wrappers of the runtime's flow objects (what Swift export generates for kotlinx's flow
// classes). Each remembers the value codec of the element type its binding declared, so that a
// typed flow over it collects with that codec (scalars decode a batch at a time); other element types
// fall back to the bridged codec.

/// A Kotlin `Flow` object (cold, or any flow seen only as `Flow`).
class KotlinFlowObject: KotlinBase, KotlinFlow, @unchecked Sendable {
  // @unchecked Sendable: `codec` is written once, in the initializer, before the object is shared,
  // and holds a Sendable KotlinValueCodec. (A convenience initializer, because a designated one in a
  // subclass of KotlinBase draws a spurious "infinite recursion" warning from Swift 6.0.)
  private var codec: (any Sendable)?

  convenience init(ref: KotlinRef, codec: (any Sendable)?) {
    self.init(ref: ref)
    self.codec = codec
  }

  /// The declared element codec, when it is the one for `Element`.
  final func codec<Element>(for _: Element.Type) -> KotlinValueCodec<Element>? {
    codec as? KotlinValueCodec<Element>
  }
}

/// A Kotlin `SharedFlow` object.
class KotlinSharedFlowObject: KotlinFlowObject, KotlinSharedFlow, @unchecked Sendable {
  // @unchecked Sendable: no state beyond KotlinFlowObject's.
  var replayCache: [(any _KotlinBridgeable)?] { readReplayCache(ref, KotlinBridgedValue.element) }
}

/// A Kotlin `MutableSharedFlow` object.
final class KotlinMutableSharedFlowObject: KotlinSharedFlowObject, KotlinMutableSharedFlow, @unchecked Sendable {
  // @unchecked Sendable: no state beyond KotlinFlowObject's.
  var subscriptionCount: any KotlinTypedStateFlow<Int32> { MutableSharedFlowCalls(ref).subscriptionCount }
  func emit(value: (any _KotlinBridgeable)?) async throws { try await MutableSharedFlowCalls(ref).emit(value) }
  func resetReplayCache() { MutableSharedFlowCalls(ref).resetReplayCache() }
  func tryEmit(value: (any _KotlinBridgeable)?) -> Bool { MutableSharedFlowCalls(ref).tryEmit(value) }
}

/// A Kotlin `StateFlow` object.
class KotlinStateFlowObject: KotlinSharedFlowObject, KotlinStateFlow, @unchecked Sendable {
  // @unchecked Sendable: no state beyond KotlinFlowObject's.
  var value: (any _KotlinBridgeable)? { readStateFlowValue(ref, KotlinBridgedValue.element) }
}

/// A Kotlin `MutableStateFlow` object: also a MutableSharedFlow, with MutableStateFlow's rules
/// (`emit` and `tryEmit` set the value and never suspend; `resetReplayCache` is unsupported).
final class KotlinMutableStateFlowObject: KotlinStateFlowObject, KotlinMutableStateFlow, @unchecked Sendable {
  // @unchecked Sendable: no state beyond KotlinFlowObject's.
  override var value: (any _KotlinBridgeable)? {
    get { readStateFlowValue(ref, KotlinBridgedValue.element) }
    set { writeStateFlowValue(ref, newValue, KotlinBridgedValue.element) }
  }

  func compareAndSet(expect: (any _KotlinBridgeable)?, update: (any _KotlinBridgeable)?) -> Bool {
    compareAndSetStateFlow(ref, expect, update, KotlinBridgedValue.element)
  }

  var subscriptionCount: any KotlinTypedStateFlow<Int32> { MutableSharedFlowCalls(ref).subscriptionCount }
  func emit(value: (any _KotlinBridgeable)?) async throws { try await MutableSharedFlowCalls(ref).emit(value) }
  func tryEmit(value: (any _KotlinBridgeable)?) -> Bool { MutableSharedFlowCalls(ref).tryEmit(value) }

  func resetReplayCache() {
    // Kotlin's MutableStateFlow.resetReplayCache throws UnsupportedOperationException, and a Kotlin
    // exception escaping a non-throwing function ends the program under Swift export too.
    preconditionFailure(
      "MutableStateFlow.resetReplayCache is not supported (Kotlin throws UnsupportedOperationException): a state "
        + "flow's replay cache is always its current value")
  }
}

/// MutableSharedFlow's functions through the C API (the runtime accepts a MutableStateFlow too).
struct MutableSharedFlowCalls {
  let ref: KotlinRef
  init(_ ref: KotlinRef) { self.ref = ref }

  private var cRef: shared_kref_kotlinx_coroutines_flow_MutableSharedFlow {
    shared_kref_kotlinx_coroutines_flow_MutableSharedFlow(pinned: ref.pointer)
  }

  var subscriptionCount: any KotlinTypedStateFlow<Int32> {
    let cRef = self.cRef
    let pointer = withExtendedLifetime(ref) {
      KotlinABI.inCurrentScope { shared_MutableSharedFlow_subscriptionCount(cRef).pinned }
    }
    guard let pointer else {
      preconditionFailure(
        "MutableSharedFlow.subscriptionCount was refused by the Kotlin runtime (KOTLIN_STUB_TRACE_MISUSE=1 says why)")
    }
    return _KotlinTypedStateFlowImpl(ref: KotlinRef(adopting: pointer), codec: .int)
  }

  func emit<Element>(_ value: Element, codec: KotlinValueCodec<Element>) async throws {
    let cRef = self.cRef
    let ref = self.ref
    let transfer = UncheckedTransfer(value: value)
    _ = try await kotlinSuspend("MutableSharedFlow.emit", codec: .unit) { continuation, status in
      var call = shared_Call(pinned: nil)
      withExtendedLifetime(ref) {
        codec.encode(transfer.value) { call = shared_MutableSharedFlow_emit(cRef, $0, continuation, status) }
      }
      return call
    }
  }

  func emit(_ value: (any _KotlinBridgeable)?) async throws {
    try await emit(value, codec: KotlinBridgedValue.element)
  }

  func tryEmit<Element>(_ value: Element, codec: KotlinValueCodec<Element>) -> Bool {
    var emitted = false
    var status = shared_Status_ok
    let cRef = self.cRef
    KotlinABI.inCurrentScope {
      withExtendedLifetime(ref) {
        codec.encode(value) { status = shared_MutableSharedFlow_tryEmit(cRef, $0, &emitted) }
      }
    }
    guard KotlinABI.tookValue(status, "MutableSharedFlow.tryEmit") else { return false }  // refused: nothing changed
    return emitted
  }

  func tryEmit(_ value: (any _KotlinBridgeable)?) -> Bool { tryEmit(value, codec: KotlinBridgedValue.element) }

  func resetReplayCache() {
    let status = withExtendedLifetime(ref) { shared_MutableSharedFlow_resetReplayCache(cRef) }
    precondition(
      status == shared_Status_ok, "MutableSharedFlow.resetReplayCache: refused with status \(status.rawValue)")
  }
}

/// Reads `StateFlow.value`. The module always has a value of the declared type; a refusal here
/// means the bindings are wrong, which is a programming error.
func readStateFlowValue<Element>(_ ref: KotlinRef, _ codec: KotlinValueCodec<Element>) -> Element {
  var value = shared_Value()
  let status = withExtendedLifetime(ref) {
    shared_StateFlow_value(shared_kref_kotlinx_coroutines_flow_StateFlow(pinned: ref.pointer), &value)
  }
  do throws(KotlinInteropError) {
    try KotlinABI.check(status, "StateFlow.value")
    return try codec.takeOwned(&value)
  } catch {
    preconditionFailure("StateFlow.value: \(error)")
  }
}

func writeStateFlowValue<Element>(_ ref: KotlinRef, _ newValue: Element, _ codec: KotlinValueCodec<Element>) {
  var status = shared_Status_ok
  let cRef = shared_kref_kotlinx_coroutines_flow_MutableStateFlow(pinned: ref.pointer)
  KotlinABI.inCurrentScope {
    withExtendedLifetime(ref) { codec.encode(newValue) { status = shared_MutableStateFlow_setValue(cRef, $0) } }
  }
  // A value Kotlin cannot hold (a string with U+0000, a map with two NaN keys) is a misuse charged to the
  // test's scope, which its leak check reports with the reason; the flow keeps its value.
  _ = KotlinABI.tookValue(status, "MutableStateFlow.value = …")
}

func compareAndSetStateFlow<Element>(
  _ ref: KotlinRef, _ expect: Element, _ update: Element, _ codec: KotlinValueCodec<Element>
) -> Bool {
  var swapped = false
  var status = shared_Status_ok
  let cRef = shared_kref_kotlinx_coroutines_flow_MutableStateFlow(pinned: ref.pointer)
  KotlinABI.inCurrentScope {
    withExtendedLifetime(ref) {
      codec.encode(expect) { expected in
        codec.encode(update) { updated in
          status = shared_MutableStateFlow_compareAndSet(cRef, expected, updated, &swapped)
        }
      }
    }
  }
  guard KotlinABI.tookValue(status, "MutableStateFlow.compareAndSet") else { return false }  // refused: nothing changed
  return swapped
}

/// Reads `SharedFlow.replayCache` (a StateFlow's is its value).
func readReplayCache<Element>(_ ref: KotlinRef, _ codec: KotlinValueCodec<Element>) -> [Element] {
  var value = shared_Value()
  let status = withExtendedLifetime(ref) {
    shared_SharedFlow_replayCache(shared_kref_kotlinx_coroutines_flow_SharedFlow(pinned: ref.pointer), &value)
  }
  do throws(KotlinInteropError) {
    try KotlinABI.check(status, "SharedFlow.replayCache")
    return try KotlinValueCodec<[Element]>.list(codec).takeOwned(&value)
  } catch {
    preconditionFailure("SharedFlow.replayCache: \(error)")
  }
}
