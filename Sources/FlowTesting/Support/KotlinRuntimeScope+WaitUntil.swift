import KotlinBridge
import Testing

extension KotlinRuntimeScope {
  /// Waits until `condition` holds for this scope, checking again each time the task yields: for a
  /// state the test cannot await directly, such as "the call's delay is armed" before advancing a
  /// virtual clock. What makes the test deterministic is the condition; the timeout (10 s, or 30 s
  /// under a sanitizer, as the leak check's) only turns a hang into a failure. `condition` runs on the
  /// caller's actor, so a `@MainActor` test can read main-actor state in it.
  ///
  /// `condition` gets the scope's ``State``: the counts of one ``snapshot()`` (`$0.liveCollections`,
  /// `$0.pendingCalls`, …) and the scope's own properties (`$0.pendingDelayCount`, …). Conditions
  /// written for the scope itself (`$0.snapshot().waitingConsumers`, `$0.currentTimeMillis`) still read
  /// the same.
  ///
  /// ```swift
  /// async let answer = viewModel.refresh()
  /// try await scope.waitUntil { $0.pendingDelayCount == 1 }  // refresh() waits in its delay
  /// scope.advance(byMillis: 500)
  /// try await scope.waitUntil { $0.pendingCalls == 0 && $0.liveCollections == 0 }
  /// ```
  ///
  /// - Throws: ``FlowTestingFailure`` (also recorded at the caller's line) when `condition` does not
  ///   hold within the timeout, naming the scope's counts.
  public func waitUntil(
    timeout: Duration? = nil, sourceLocation: SourceLocation = #_sourceLocation,
    isolation: isolated (any Actor)? = #isolation, _ condition: (State) -> Bool
  ) async throws {
    let clock = ContinuousClock()
    let limit = timeout ?? KotlinLeakCheck.defaultTimeout
    let deadline = clock.now.advanced(by: limit)
    while !condition(State(scope: self)) {
      if clock.now >= deadline {
        throw FlowTestingFailure.record(
          "The condition did not hold within \(FlowTurbine<Int>.format(limit)); the scope: \(snapshot())",
          at: sourceLocation)
      }
      await Task.yield()
    }
  }

  /// What a ``waitUntil(timeout:sourceLocation:isolation:_:)`` condition looks at: the scope's
  /// counts, all from one ``KotlinRuntimeScope/snapshot()`` so that `$0.pendingCalls == 0 &&
  /// $0.liveCollections == 0` sees one moment, and the scope's own properties (`pendingDelayCount`,
  /// `currentTimeMillis`, `pendingHandoffs`, …), read when used.
  @dynamicMemberLookup
  public struct State {
    /// The scope, for its methods other than `snapshot()`.
    public let scope: KotlinRuntimeScope
    private let counts: KotlinRuntimeSnapshot

    init(scope: KotlinRuntimeScope) {
      self.scope = scope
      self.counts = scope.snapshot()
    }

    /// The counts this look read (one snapshot per look): what `$0.liveCollections` and the other
    /// counts read, and what `$0.snapshot()` gave when the condition got the scope itself.
    public func snapshot() -> KotlinRuntimeSnapshot { counts }

    /// `$0.liveCollections`, `$0.pendingCalls`, … : a count of ``snapshot()``.
    public subscript<Value>(dynamicMember keyPath: KeyPath<KotlinRuntimeSnapshot, Value>) -> Value {
      counts[keyPath: keyPath]
    }

    /// `$0.pendingDelayCount`, `$0.currentTimeMillis`, … : a property of the scope.
    public subscript<Value>(dynamicMember keyPath: KeyPath<KotlinRuntimeScope, Value>) -> Value {
      scope[keyPath: keyPath]
    }
  }
}
