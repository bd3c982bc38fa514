/// A Kotlin `Flow<Element>` as Swift export presents it: a typed view of an untyped Kotlin flow
/// object (``KotlinFlow``), which it carries as `_flow` and shows as `wrapped`.
///
/// A type outside this package conforms by providing `_flow`; `asAsyncSequence(bufferingPolicy:)`
/// has a default (collect `_flow` with the given buffer) and may be replaced.
///
/// ```swift
/// for try await element in elements().asAsyncSequence() { print(element) }
/// ```
public protocol KotlinTypedFlow<Element>: Sendable {
  associatedtype Element
  /// The Kotlin flow object.
  var _flow: any KotlinFlow { get }
  /// The flow as an `AsyncSequence` with the given buffering between Kotlin and Swift.
  func asAsyncSequence(bufferingPolicy: KotlinBufferingPolicy) -> KotlinFlowSequence<Element>
}

extension KotlinTypedFlow {
  /// The Kotlin flow object.
  public var wrapped: any KotlinFlow { _flow }

  /// The flow as an `AsyncSequence`; the producer runs only as far as the loop asks (rendezvous).
  ///
  /// Collection starts at the first `next()`; each iteration collects the flow anew. Leaving the
  /// loop, dropping the iterator or cancelling the task cancels the Kotlin collection.
  public func asAsyncSequence() -> KotlinFlowSequence<Element> { asAsyncSequence(bufferingPolicy: .rendezvous) }

  /// Collects `_flow` with `bufferingPolicy`; elements are decoded as `Element`.
  ///
  /// ```swift
  /// for try await n in range(count: 1_000_000).asAsyncSequence(bufferingPolicy: .batched) { sum += Int64(n) }
  /// ```
  public func asAsyncSequence(bufferingPolicy: KotlinBufferingPolicy) -> KotlinFlowSequence<Element> {
    KotlinFlowSequence(flow: _flow.ref, codec: elementCodec, bufferingPolicy: bufferingPolicy)
  }

  /// The codec of the binding that made the flow object, or the bridged one (decode, then cast).
  var elementCodec: KotlinValueCodec<Element> { declaredCodec ?? .bridged }

  /// The binding's codec when `_flow` is one of the runtime's flow objects declared with `Element`.
  var declaredCodec: KotlinValueCodec<Element>? { (_flow as? KotlinFlowObject)?.codec(for: Element.self) }
}

/// A Kotlin `SharedFlow<Element>`: a hot flow with a replay cache.
public protocol KotlinTypedSharedFlow<Element>: KotlinTypedFlow {}

extension KotlinTypedSharedFlow {
  /// The Kotlin shared flow object.
  public var wrapped: any KotlinSharedFlow { _flow as! (any KotlinSharedFlow) }

  /// The values a new subscriber receives first.
  public var replayCache: [Element] {
    if let codec = declaredCodec { return readReplayCache(_flow.ref, codec) }
    return wrapped.replayCache.map { $0 as! Element }
  }
}

/// A Kotlin `MutableSharedFlow<Element>`.
///
/// ```swift
/// try await subject.mutableSharedFlow.emit(value: Element2.shared)
/// ```
public protocol KotlinTypedMutableSharedFlow<Element>: KotlinTypedSharedFlow {}

extension KotlinTypedMutableSharedFlow {
  /// The Kotlin mutable shared flow object.
  public var wrapped: any KotlinMutableSharedFlow { _flow as! (any KotlinMutableSharedFlow) }

  /// The number of active subscribers, as a state flow.
  public var subscriptionCount: any KotlinTypedStateFlow<Int32> { wrapped.subscriptionCount }

  /// Emits, suspending while a subscriber's buffer is full (a MutableStateFlow sets its value).
  public func emit(value: Element) async throws {
    if let codec = declaredCodec {
      try await MutableSharedFlowCalls(_flow.ref).emit(value, codec: codec)
    } else {
      try await wrapped.emit(value: value as! (any _KotlinBridgeable)?)
    }
  }

  /// Clears the replay cache (new subscribers get only later values).
  public func resetReplayCache() { wrapped.resetReplayCache() }

  /// Emits without suspending; `false` when `emit` would have suspended.
  public func tryEmit(value: Element) -> Bool {
    if let codec = declaredCodec { return MutableSharedFlowCalls(_flow.ref).tryEmit(value, codec: codec) }
    return wrapped.tryEmit(value: value as! (any _KotlinBridgeable)?)
  }
}

/// A Kotlin `StateFlow<Element>`: always has a value; collectors get it first, then changes.
///
/// ```swift
/// let store = Store()
/// print(store.state.value)  // 0
/// ```
public protocol KotlinTypedStateFlow<Element>: KotlinTypedSharedFlow {}

extension KotlinTypedStateFlow {
  /// The Kotlin state flow object.
  public var wrapped: any KotlinStateFlow { _flow as! (any KotlinStateFlow) }

  /// The current value (readable from any thread).
  public var value: Element {
    if let codec = declaredCodec { return readStateFlowValue(_flow.ref, codec) }
    return wrapped.value as! Element
  }
}

/// A Kotlin `MutableStateFlow<Element>`: a StateFlow and a MutableSharedFlow.
///
/// ```swift
/// subject.counter.value = 5
/// #expect(subject.counter.compareAndSet(expect: 5, update: 6))
/// #expect(subject.counter.tryEmit(value: 7))  // a MutableStateFlow never suspends to emit
/// ```
public protocol KotlinTypedMutableStateFlow<Element>: KotlinTypedStateFlow, KotlinTypedMutableSharedFlow {}

extension KotlinTypedMutableStateFlow {
  /// The Kotlin mutable state flow object.
  public var wrapped: any KotlinMutableStateFlow { _flow as! (any KotlinMutableStateFlow) }

  /// The current value; setting an equal value emits nothing.
  public var value: Element {
    get {
      if let codec = declaredCodec { return readStateFlowValue(_flow.ref, codec) }
      return wrapped.value as! Element
    }
    nonmutating set {
      if let codec = declaredCodec { return writeStateFlowValue(_flow.ref, newValue, codec) }
      wrapped.value = newValue as! (any _KotlinBridgeable)?
    }
  }

  /// Sets `update` if the current value equals `expect`; returns whether it did.
  public func compareAndSet(expect: Element, update: Element) -> Bool {
    if let codec = declaredCodec { return compareAndSetStateFlow(_flow.ref, expect, update, codec) }
    return wrapped.compareAndSet(
      expect: expect as! (any _KotlinBridgeable)?, update: update as! (any _KotlinBridgeable)?)
  }
}
