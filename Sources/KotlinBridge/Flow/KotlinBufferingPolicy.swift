import CInterop

/// How a collection buffers between the Kotlin producer and the Swift consumer.
///
/// ```swift
/// for try await n in range(count: 1_000_000).asAsyncSequence(bufferingPolicy: .bounded(1_024)) { sum += n }
/// ```
public enum KotlinBufferingPolicy: Sendable, Hashable {
  /// The default: the producer runs only when the consumer asks for the next element, exactly like
  /// a Kotlin `collect { }` whose body is the loop body. One element per hand-over.
  case rendezvous
  /// `buffer(capacity)`: the producer runs up to `capacity` elements ahead, then suspends; elements
  /// cross in batches of up to `min(capacity, 4096)`, so a consumer on an actor pays one hop per
  /// batch. `capacity` must be in `1...Int32.max` (Kotlin's `Int`); anything else is refused when the
  /// collection starts, with a ``KotlinInteropError`` naming the value.
  case bounded(Int)
  /// `buffer(UNLIMITED)`: the producer never waits; memory grows with the consumer's lag.
  case unbounded
  /// `conflate()`: only the latest element the consumer has not taken yet is kept.
  case conflated

  /// A good default for throughput with bounded memory.
  public static let batched = KotlinBufferingPolicy.bounded(4_096)

  var cPolicy: shared_BufferPolicy {
    switch self {
    case .rendezvous: shared_BufferPolicy(kind: Int32(shared_BufferKind_rendezvous.rawValue), capacity: 0)
    case .bounded(let capacity):
      // Out of Int32's range: refused (FlowCollectionStorage.start) before this is used; never clamped.
      shared_BufferPolicy(kind: Int32(shared_BufferKind_bounded.rawValue), capacity: Int32(exactly: capacity) ?? 0)
    case .unbounded: shared_BufferPolicy(kind: Int32(shared_BufferKind_unbounded.rawValue), capacity: 0)
    case .conflated: shared_BufferPolicy(kind: Int32(shared_BufferKind_conflated.rawValue), capacity: 0)
    }
  }
}
