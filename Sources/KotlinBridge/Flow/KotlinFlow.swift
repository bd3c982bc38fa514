/// A Kotlin `Flow` object, untyped, as in Swift export: the Kotlin object itself, whose element type
/// Swift does not know. The typed protocols (``KotlinTypedFlow``) carry one as `_flow` and show it
/// as `wrapped`.
///
/// A type outside this package conforms by being a ``KotlinBase`` subclass whose Kotlin object is a
/// flow of the runtime (collection goes through that object).
///
/// ```swift
/// let flow: any KotlinFlow = elements()._flow
/// let elems = _KotlinTypedFlowImpl<Elem>(flow)  // typed again
/// ```
public protocol KotlinFlow: KotlinBase {}

/// A Kotlin `SharedFlow` object, untyped.
///
/// ```swift
/// let cache: [(any _KotlinBridgeable)?] = Subject().sharedFlow.wrapped.replayCache
/// ```
public protocol KotlinSharedFlow: KotlinFlow {
  /// The values a new subscriber receives first.
  var replayCache: [(any _KotlinBridgeable)?] { get }
}

/// A Kotlin `MutableSharedFlow` object, untyped.
///
/// ```swift
/// try await Subject().mutableSharedFlow.wrapped.emit(value: Element1.shared)
/// ```
public protocol KotlinMutableSharedFlow: KotlinSharedFlow {
  /// The number of active subscribers, as a state flow.
  var subscriptionCount: any KotlinTypedStateFlow<Int32> { get }
  /// Emits, suspending while a subscriber's buffer is full.
  func emit(value: (any _KotlinBridgeable)?) async throws
  /// Clears the replay cache.
  func resetReplayCache()
  /// Emits without suspending; `false` when `emit` would have suspended.
  func tryEmit(value: (any _KotlinBridgeable)?) -> Bool
}

/// A Kotlin `StateFlow` object, untyped.
///
/// ```swift
/// let current = Store().state.wrapped.value as? Int32  // 0
/// ```
public protocol KotlinStateFlow: KotlinSharedFlow {
  /// The current value.
  var value: (any _KotlinBridgeable)? { get }
}

/// A Kotlin `MutableStateFlow` object, untyped. A MutableStateFlow is also a MutableSharedFlow.
///
/// ```swift
/// let flow = Subject().counter.wrapped
/// flow.value = Int32(5)
/// print(flow.compareAndSet(expect: Int32(5), update: Int32(6)))  // true
/// ```
public protocol KotlinMutableStateFlow: KotlinStateFlow, KotlinMutableSharedFlow {
  /// The current value; setting an equal value emits nothing.
  var value: (any _KotlinBridgeable)? { get set }
  /// Sets `update` if the current value equals `expect`; returns whether it did.
  func compareAndSet(expect: (any _KotlinBridgeable)?, update: (any _KotlinBridgeable)?) -> Bool
}
