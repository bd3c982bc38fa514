import CInterop

/// A `shared_BufferPolicy`, readable in test names.
enum Policy: Sendable, Hashable, CustomStringConvertible {
  case rendezvous
  case bounded(Int32)
  case unbounded
  case conflated
  /// Any raw pair, for misuse tests.
  case raw(kind: Int32, capacity: Int32)

  var cValue: shared_BufferPolicy {
    switch self {
    case .rendezvous: shared_BufferPolicy(kind: Int32(shared_BufferKind_rendezvous.rawValue), capacity: 0)
    case .bounded(let capacity):
      shared_BufferPolicy(kind: Int32(shared_BufferKind_bounded.rawValue), capacity: capacity)
    case .unbounded: shared_BufferPolicy(kind: Int32(shared_BufferKind_unbounded.rawValue), capacity: 0)
    case .conflated: shared_BufferPolicy(kind: Int32(shared_BufferKind_conflated.rawValue), capacity: 0)
    case .raw(let kind, let capacity): shared_BufferPolicy(kind: kind, capacity: capacity)
    }
  }

  var description: String {
    switch self {
    case .rendezvous: "rendezvous"
    case .bounded(let capacity): "bounded(\(capacity))"
    case .unbounded: "unbounded"
    case .conflated: "conflated"
    case .raw(let kind, let capacity): "raw(kind: \(kind), capacity: \(capacity))"
    }
  }
}
