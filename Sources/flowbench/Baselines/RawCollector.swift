import CInterop
import KotlinFixtures

/// The receiving end of one raw C collection, shared by both baselines. Non-generic, because the
/// C function pointers cannot capture generic context: they reach the subclass through `context`.
class RawCollector: @unchecked Sendable {
  // @unchecked Sendable: abstract; subclasses say how they protect their state.
  func receive(_ items: UnsafePointer<shared_Value>, count: Int) { fatalError("abstract") }
  func receive(_ terminal: shared_Terminal) { fatalError("abstract") }

  /// Starts collecting `flow` into `self` with `policy`. The runtime keeps `self` alive until the
  /// terminal event. Returns `nil` (and the error) when the runtime refuses.
  final func start(_ flow: KotlinRef, policy: shared_BufferPolicy) -> Result<shared_Collection, RawCollectionError> {
    let context = Unmanaged.passRetained(self)  // released after onTerminal
    let collector = shared_FlowCollector(
      context: context.toOpaque(),
      onItems: { context, items, count in
        guard let context, let items else { return }
        Unmanaged<RawCollector>.fromOpaque(context).takeUnretainedValue().receive(items, count: Int(count))
      },
      onTerminal: { context, terminal in
        guard let context else { return }
        let collector = Unmanaged<RawCollector>.fromOpaque(context)
        collector.takeUnretainedValue().receive(terminal)
        collector.release()
      })
    var status = shared_Status_ok
    let handle = withExtendedLifetime(flow) {
      shared_Flow_collect(shared_kref_kotlinx_coroutines_flow_Flow(pinned: flow.pointer), policy, collector, &status)
    }
    guard handle.pinned != nil else {
      context.release()
      return .failure(RawCollectionError(message: "shared_Flow_collect refused (status \(status.rawValue))"))
    }
    return .success(handle)
  }

  /// The error a terminal event carries: the Kotlin exception (its kref disposed), cancellation,
  /// or none for completion.
  static func error(of terminal: shared_Terminal) -> (any Error)? {
    switch terminal.kind {
    case Int32(shared_TerminalKind_completed.rawValue): return nil
    case Int32(shared_TerminalKind_failed.rawValue):
      defer { shared_symbols().pointee.DisposeStablePointer(terminal.throwable.pinned) }
      return RawCollectionError(message: "the Kotlin flow failed")
    default: return CancellationError()
    }
  }
}

struct RawCollectionError: Error, CustomStringConvertible {
  let message: String
  var description: String { message }
}

extension shared_BufferPolicy {
  static let rendezvous = shared_BufferPolicy(kind: Int32(shared_BufferKind_rendezvous.rawValue), capacity: 0)
  static let unbounded = shared_BufferPolicy(kind: Int32(shared_BufferKind_unbounded.rawValue), capacity: 0)
}

/// The Kotlin object behind a binding's flow, for the baselines that talk to the C API directly.
func kotlinRef(of flow: any KotlinTypedFlow) -> KotlinRef {
  flow._flow.kotlinRef
}
