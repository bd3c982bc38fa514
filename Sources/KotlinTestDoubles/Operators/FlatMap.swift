import KotlinBridge

/// What the concurrent flat-map operators relay: an inner flow from the outer collection, or a value of
/// the inner flow started as `generation`.
private enum FlatMapEvent<Inner: KotlinTypedFlow>: @unchecked Sendable where Inner.Element: Sendable {
  // @unchecked Sendable: an inner flow is a KotlinTypedFlow (Sendable); its values are Sendable.
  case inner(Inner)
  case value(generation: Int, Inner.Element)
}

extension KotlinTypedFlow where Element: Sendable {
  /// Kotlin's `flatMapLatest { }`: collects the inner flow of the latest value; a new value cancels
  /// the inner flow still running (and waits for it to end) before the next starts. Completes when
  /// the upstream and the last inner flow have completed.
  public func flatMapLatest<Inner: KotlinTypedFlow>(
    _ transform: @escaping @Sendable (Element) async throws -> Inner
  ) -> ColdFlow<Inner.Element> where Inner.Element: Sendable {
    flow { collector in
      try await withFlowRelay(of: FlatMapEvent<Inner>.self) { relay in
        relay.collect(self.map { try await transform($0) }, index: -1) { .inner($0) }
        var current: (generation: Int, job: Job)?
        var outerDone = false
        var generation = 0
        while !outerDone || current != nil {
          switch try await relay.next() {
          case .event(.inner(let inner)):
            if let running = current?.job { try await running.cancelAndJoin() }
            generation += 1
            current = (
              generation, relay.collect(inner, index: generation) { [generation] in .value(generation: generation, $0) }
            )
          case .event(.value(let from, let value)):
            if from == current?.generation { try await collector.emit(value) }
          case .done(let index):
            if index == -1 {
              outerDone = true
            } else if index == current?.generation {
              current = nil
            }
          case .failed: break
          }
        }
      }
    }
  }

  /// Kotlin's `mapLatest { }`: `map`, with a transform still running cancelled by a newer value.
  public func mapLatest<Result: Sendable>(
    _ transform: @escaping @Sendable (Element) async throws -> Result
  ) -> ColdFlow<Result> {
    flatMapLatest { element in flow { collector in try await collector.emit(transform(element)) } }
  }

  /// Kotlin's `flatMapMerge(concurrency) { }`: collects up to `concurrency` inner flows at once and
  /// emits their values as they come; more inner flows wait for a slot, in order.
  public func flatMapMerge<Inner: KotlinTypedFlow>(
    concurrency: Int = 16, _ transform: @escaping @Sendable (Element) async throws -> Inner
  ) -> ColdFlow<Inner.Element> where Inner.Element: Sendable {
    flow { collector in
      guard concurrency > 0 else {
        throw ExportedKotlinPackages.kotlin.IllegalArgumentException(
          message: "Expected positive concurrency level, but had \(concurrency)")
      }
      try await withFlowRelay(of: FlatMapEvent<Inner>.self) { relay in
        relay.collect(self.map { try await transform($0) }, index: -1) { .inner($0) }
        var waiting: [Inner] = []
        var running = 0
        var outerDone = false
        var started = 0
        func startInner(_ inner: Inner) {
          started += 1
          running += 1
          relay.collect(inner, index: started) { [started] in .value(generation: started, $0) }
        }
        while !outerDone || running > 0 || !waiting.isEmpty {
          switch try await relay.next() {
          case .event(.inner(let inner)):
            if running < concurrency { startInner(inner) } else { waiting.append(inner) }
          case .event(.value(_, let value)):
            try await collector.emit(value)
          case .done(let index):
            if index == -1 {
              outerDone = true
            } else {
              running -= 1
              if !waiting.isEmpty { startInner(waiting.removeFirst()) }
            }
          case .failed: break
          }
        }
      }
    }
  }
}
