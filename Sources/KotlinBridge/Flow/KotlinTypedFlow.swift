/// A Kotlin `Flow<Element>` as Swift export presents it.
///
/// ```swift
/// for try await element in elements().asAsyncSequence() { print(element) }
/// ```
public protocol KotlinTypedFlow<Element>: Sendable {
  associatedtype Element
  /// The flow as an `AsyncSequence` with the given buffering between Kotlin and Swift.
  func asAsyncSequence(bufferingPolicy: KotlinBufferingPolicy) -> KotlinFlowSequence<Element>
}

extension KotlinTypedFlow {
  /// The flow as an `AsyncSequence`; the producer runs only as far as the loop asks (rendezvous).
  ///
  /// Collection starts at the first `next()`; each iteration collects the flow anew. Leaving the
  /// loop, dropping the iterator or cancelling the task cancels the Kotlin collection.
  public func asAsyncSequence() -> KotlinFlowSequence<Element> { asAsyncSequence(bufferingPolicy: .rendezvous) }
}

/// A Kotlin `SharedFlow<Element>`: a hot flow with a replay cache.
public protocol KotlinTypedSharedFlow<Element>: KotlinTypedFlow {
  /// The values a new subscriber receives first.
  var replayCache: [Element] { get }
}

/// A Kotlin `MutableSharedFlow<Element>`.
///
/// ```swift
/// try await subject.mutableSharedFlow.emit(value: Element2.shared)
/// ```
public protocol KotlinTypedMutableSharedFlow<Element>: KotlinTypedSharedFlow {
  /// Emits, suspending while a subscriber's buffer is full.
  func emit(value: Element) async throws
  /// Emits without suspending; `false` when `emit` would have suspended.
  func tryEmit(value: Element) -> Bool
  /// Clears the replay cache (new subscribers get only later values).
  func resetReplayCache()
  /// The number of active subscribers, as a state flow.
  var subscriptionCount: any KotlinTypedStateFlow<Int32> { get }
}

/// A Kotlin `StateFlow<Element>`: always has a value; collectors get it first, then changes.
public protocol KotlinTypedStateFlow<Element>: KotlinTypedSharedFlow {
  /// The current value (readable from any thread).
  var value: Element { get }
}

/// A Kotlin `MutableStateFlow<Element>`.
///
/// ```swift
/// subject.counter.value = 5
/// #expect(subject.counter.compareAndSet(expect: 5, update: 6))
/// ```
public protocol KotlinTypedMutableStateFlow<Element>: KotlinTypedStateFlow {
  /// The current value; setting an equal value emits nothing.
  var value: Element { get nonmutating set }
  /// Sets `update` if the current value equals `expect`; returns whether it did.
  func compareAndSet(expect: Element, update: Element) -> Bool
}

extension KotlinTypedStateFlow {
  /// A state flow's replay cache is its current value.
  public var replayCache: [Element] { [value] }
}
