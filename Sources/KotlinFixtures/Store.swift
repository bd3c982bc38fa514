import CInterop
import KotlinBridge

/// `class Store` of package `shared`:
/// ```kotlin
/// class Store {
///   private val _state = MutableStateFlow(0)
///   val state = _state.asStateFlow()
///   fun increment() { _state.update { it + 1 } }
///   fun reset() { _state.value = 0 }
/// }
/// ```
///
/// ```swift
/// let store = Store()
/// store.increment()
/// #expect(store.state.value == 1)
/// ```
public final class Store: KotlinBase, @unchecked Sendable {
  // @unchecked Sendable: immutable stored properties; the Kotlin object is thread-safe.

  /// The counter, starting at 0.
  public let state: any KotlinTypedStateFlow<Int32>

  public init() {
    let table = symbols.pointee.kotlin.root.shared.Store
    let (object, state) = KotlinABI.inCurrentScope {
      let object = table.Store()
      return (object, table.get_state(object))
    }
    let ref = constructed(object.pinned, "Store()")
    self.state = _KotlinTypedStateFlowImpl(ref: constructed(state.pinned, "Store.state"), codec: .int)
    super.init(ref: ref)
  }

  private var cRef: shared_kref_shared_Store { shared_kref_shared_Store(pinned: ref.pointer) }

  /// Adds one to `state` (atomically).
  public func increment() { symbols.pointee.kotlin.root.shared.Store.increment(cRef) }
  /// Sets `state` back to 0.
  public func reset() { symbols.pointee.kotlin.root.shared.Store.reset(cRef) }
}

/// Adopts a kref a constructor or getter returned. They fail only when the runtime is out of
/// handles (16 M live ones), which is a leak in the program: stop with a clear message.
func constructed(_ pointer: shared_KNativePtr?, _ what: String) -> KotlinRef {
  guard let pointer else {
    preconditionFailure(
      "\(what) was refused by the Kotlin runtime (out of handles?); KOTLIN_STUB_TRACE_MISUSE=1 says why")
  }
  return KotlinRef(adopting: pointer)
}
