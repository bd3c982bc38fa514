/// The Kotlin runtime's bookkeeping at one moment: what is still alive.
///
/// ```swift
/// let counts = KotlinTestRuntime.snapshot()
/// #expect(counts.liveCollections == 0)
/// ```
public struct KotlinRuntimeSnapshot: Hashable, Sendable, CustomStringConvertible {
  /// Stable references handed to Swift and not yet disposed (Kotlin `object`s excluded).
  public var liveStableRefs: Int
  /// Flow collections not yet finished and released.
  public var liveCollections: Int
  /// Suspend calls whose outcome is not yet delivered or whose handle is not released.
  public var pendingCalls: Int
  /// Misuse events (double dispose, unknown handle, …) so far.
  public var misuses: Int
  /// Collections started so far, and producers that ran their `finally` (equal when all ended).
  public var collectionsStarted: Int
  public var producerFinallyRuns: Int
  /// Items emitted into collection buffers (or handed over) and not yet delivered to the consumer.
  public var bufferedItems: Int
  /// Collections whose Swift consumer is waiting for its next item (a request outstanding).
  public var waitingConsumers: Int

  public init(
    liveStableRefs: Int = 0, liveCollections: Int = 0, pendingCalls: Int = 0, misuses: Int = 0,
    collectionsStarted: Int = 0, producerFinallyRuns: Int = 0, bufferedItems: Int = 0, waitingConsumers: Int = 0
  ) {
    self.liveStableRefs = liveStableRefs
    self.liveCollections = liveCollections
    self.pendingCalls = pendingCalls
    self.misuses = misuses
    self.collectionsStarted = collectionsStarted
    self.producerFinallyRuns = producerFinallyRuns
    self.bufferedItems = bufferedItems
    self.waitingConsumers = waitingConsumers
  }

  /// Whether nothing is alive: no stable refs, collections or pending calls.
  public var isQuiescent: Bool { liveStableRefs == 0 && liveCollections == 0 && pendingCalls == 0 }

  public var description: String {
    "liveStableRefs: \(liveStableRefs), liveCollections: \(liveCollections), pendingCalls: \(pendingCalls), "
      + "misuses: \(misuses)"
  }
}
