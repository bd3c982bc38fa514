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

/// A typed `SharedFlow<Element>`.
///
/// ```swift
/// let typed = _KotlinTypedSharedFlowImpl<Elem>(Subject().sharedFlow.wrapped)
/// ```
public struct _KotlinTypedSharedFlowImpl<Element>: KotlinTypedSharedFlow {
  public let _flow: any KotlinFlow

  public init(_ flow: any KotlinSharedFlow) {
    self._flow = flow
  }
}

/// A typed `MutableSharedFlow<Element>`.
///
/// ```swift
/// let typed = _KotlinTypedMutableSharedFlowImpl<Elem>(Subject().mutableSharedFlow.wrapped)
/// ```
public struct _KotlinTypedMutableSharedFlowImpl<Element>: KotlinTypedMutableSharedFlow {
  public let _flow: any KotlinFlow

  public init(_ flow: any KotlinMutableSharedFlow) {
    self._flow = flow
  }

  package init(ref: KotlinRef, codec: KotlinValueCodec<Element>) {
    self.init(KotlinMutableSharedFlowObject(ref: ref, codec: codec))
  }
}

/// A typed `StateFlow<Element>`.
///
/// ```swift
/// let typed = _KotlinTypedStateFlowImpl<Int32>(Store().state.wrapped)
/// ```
public struct _KotlinTypedStateFlowImpl<Element>: KotlinTypedStateFlow {
  public let _flow: any KotlinFlow

  public init(_ flow: any KotlinStateFlow) {
    self._flow = flow
  }

  package init(ref: KotlinRef, codec: KotlinValueCodec<Element>) {
    self.init(KotlinStateFlowObject(ref: ref, codec: codec))
  }
}

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
