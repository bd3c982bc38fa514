import CInterop
import KotlinBridge

/// `class Subject` of package `fixtures`:
/// ```kotlin
/// class Subject {
///   val mutableStateFlow: MutableStateFlow<Elem> = MutableStateFlow(Element1)
///   val stateFlow: StateFlow<Elem> = mutableStateFlow
///   val mutableSharedFlow: MutableSharedFlow<Elem> = MutableSharedFlow(replay = 3)
///   val sharedFlow: SharedFlow<Elem> = mutableSharedFlow
///   val counter: MutableStateFlow<Int> = MutableStateFlow(0)
/// }
/// ```
public final class Subject: KotlinBase, @unchecked Sendable {
  // @unchecked Sendable: immutable stored properties; the Kotlin object is thread-safe.
  public let mutableStateFlow: any KotlinTypedMutableStateFlow<Elem>
  public let stateFlow: any KotlinTypedStateFlow<Elem>
  public let mutableSharedFlow: any KotlinTypedMutableSharedFlow<Elem>
  public let sharedFlow: any KotlinTypedSharedFlow<Elem>
  public let counter: any KotlinTypedMutableStateFlow<Int32>

  public init() {
    let table = symbols.pointee.kotlin.root.fixtures.Subject
    let refs = KotlinABI.inCurrentScope {
      let object = table.Subject()
      return (
        object.pinned, table.get_mutableStateFlow(object).pinned, table.get_stateFlow(object).pinned,
        table.get_mutableSharedFlow(object).pinned, table.get_sharedFlow(object).pinned,
        table.get_counter(object).pinned
      )
    }
    mutableStateFlow = _KotlinTypedMutableStateFlowImpl(
      ref: constructed(refs.1, "Subject.mutableStateFlow"), codec: .elem)
    stateFlow = _KotlinTypedStateFlowImpl(ref: constructed(refs.2, "Subject.stateFlow"), codec: .elem)
    mutableSharedFlow = _KotlinTypedMutableSharedFlowImpl(
      ref: constructed(refs.3, "Subject.mutableSharedFlow"), codec: .elem)
    sharedFlow = _KotlinTypedMutableSharedFlowImpl(ref: constructed(refs.4, "Subject.sharedFlow"), codec: .elem)
    counter = _KotlinTypedMutableStateFlowImpl(ref: constructed(refs.5, "Subject.counter"), codec: .int)
    super.init(ref: constructed(refs.0, "Subject()"))
  }
}
