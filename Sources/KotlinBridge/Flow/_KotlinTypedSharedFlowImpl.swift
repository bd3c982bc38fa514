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
