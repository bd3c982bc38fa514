import KotlinBridge

/// A value of one of `combine`'s sources.
private struct Latest: @unchecked Sendable {
  // @unchecked Sendable: each value is a source's `Sendable` element, typed back by its source.
  let index: Int
  let value: Any
}

/// Kotlin's `combine` over sources of any types: emits `transform` of the latest values once every
/// source has emitted, then on every new value, and completes when all sources have completed.
///
/// Each new value from a source gives one emission (Kotlin may also fold values that arrive while the
/// transform runs into one; which values arrive together depends on threads there too).
private func combineLatest<Result: Sendable>(
  _ sources: [@Sendable (FlowRelay<Latest>, Int) -> Void],
  _ transform: @escaping @Sendable ([Any]) async throws -> Result
) -> ColdFlow<Result> {
  flow { collector in
    try await withFlowRelay(of: Latest.self) { relay in
      for (index, start) in sources.enumerated() { start(relay, index) }
      var latest = [Any?](repeating: nil, count: sources.count)
      var missing = sources.count
      var active = sources.count
      while active > 0 {
        switch try await relay.next() {
        case .event(let value):
          if latest[value.index] == nil { missing -= 1 }
          latest[value.index] = value.value
          if missing == 0 { try await collector.emit(transform(latest.map { $0! })) }
        case .done: active -= 1
        case .failed: break  // thrown by next()
        }
      }
    }
  }
}

/// How `combine` starts collecting one source.
private func source<Source: KotlinTypedFlow>(_ flow: Source) -> @Sendable (FlowRelay<Latest>, Int) -> Void
where Source.Element: Sendable {
  { relay, index in relay.collect(flow, index: index) { Latest(index: index, value: $0) } }
}

/// Kotlin's `combine(flow1, flow2) { a, b -> }`: waits for a first value from every flow, then emits
/// the transform of the latest values on every new value; completes when every flow has completed;
/// fails as soon as one fails (the others are cancelled).
public func combine<A: KotlinTypedFlow, B: KotlinTypedFlow, Result: Sendable>(
  _ a: A, _ b: B, _ transform: @escaping @Sendable (A.Element, B.Element) async throws -> Result
) -> ColdFlow<Result> where A.Element: Sendable, B.Element: Sendable {
  combineLatest([source(a), source(b)]) { try await transform($0[0] as! A.Element, $0[1] as! B.Element) }
}

/// Kotlin's `combine` of three flows (see ``combine(_:_:_:)``).
public func combine<A: KotlinTypedFlow, B: KotlinTypedFlow, C: KotlinTypedFlow, Result: Sendable>(
  _ a: A, _ b: B, _ c: C, _ transform: @escaping @Sendable (A.Element, B.Element, C.Element) async throws -> Result
) -> ColdFlow<Result> where A.Element: Sendable, B.Element: Sendable, C.Element: Sendable {
  combineLatest([source(a), source(b), source(c)]) {
    try await transform($0[0] as! A.Element, $0[1] as! B.Element, $0[2] as! C.Element)
  }
}

/// Kotlin's `combine` of four flows (see ``combine(_:_:_:)``).
public func combine<A: KotlinTypedFlow, B: KotlinTypedFlow, C: KotlinTypedFlow, D: KotlinTypedFlow, Result: Sendable>(
  _ a: A, _ b: B, _ c: C, _ d: D,
  _ transform: @escaping @Sendable (A.Element, B.Element, C.Element, D.Element) async throws -> Result
) -> ColdFlow<Result> where A.Element: Sendable, B.Element: Sendable, C.Element: Sendable, D.Element: Sendable {
  combineLatest([source(a), source(b), source(c), source(d)]) {
    try await transform($0[0] as! A.Element, $0[1] as! B.Element, $0[2] as! C.Element, $0[3] as! D.Element)
  }
}

/// Kotlin's `combine` of five flows (see ``combine(_:_:_:)``).
public func combine<
  A: KotlinTypedFlow, B: KotlinTypedFlow, C: KotlinTypedFlow, D: KotlinTypedFlow, E: KotlinTypedFlow, Result: Sendable
>(
  _ a: A, _ b: B, _ c: C, _ d: D, _ e: E,
  _ transform: @escaping @Sendable (A.Element, B.Element, C.Element, D.Element, E.Element) async throws -> Result
) -> ColdFlow<Result>
where A.Element: Sendable, B.Element: Sendable, C.Element: Sendable, D.Element: Sendable, E.Element: Sendable {
  combineLatest([source(a), source(b), source(c), source(d), source(e)]) {
    try await transform(
      $0[0] as! A.Element, $0[1] as! B.Element, $0[2] as! C.Element, $0[3] as! D.Element, $0[4] as! E.Element)
  }
}

/// Kotlin's `combine(flows) { values -> }` over a list of flows of one type.
public func combine<Source: KotlinTypedFlow, Result: Sendable>(
  _ flows: [Source], _ transform: @escaping @Sendable ([Source.Element]) async throws -> Result
) -> ColdFlow<Result> where Source.Element: Sendable {
  combineLatest(flows.map { source($0) }) { try await transform($0.map { $0 as! Source.Element }) }
}

extension KotlinTypedFlow where Element: Sendable {
  /// Kotlin's `flow.combine(other) { a, b -> }`.
  public func combine<Other: KotlinTypedFlow, Result: Sendable>(
    _ other: Other, _ transform: @escaping @Sendable (Element, Other.Element) async throws -> Result
  ) -> ColdFlow<Result> where Other.Element: Sendable {
    KotlinTestDoubles.combine(self, other, transform)
  }

  /// Kotlin's `zip(other) { a, b -> }`: pairs the n-th values of both flows; completes as soon as
  /// one flow has completed and its values are paired (the other is cancelled).
  ///
  /// Differs from Kotlin: both flows are collected at once, so the faster one runs ahead by the values
  /// waiting for a partner (Kotlin collects the second only as the first asks).
  public func zip<Other: KotlinTypedFlow, Result: Sendable>(
    _ other: Other, _ transform: @escaping @Sendable (Element, Other.Element) async throws -> Result
  ) -> ColdFlow<Result> where Other.Element: Sendable {
    flow { collector in
      try await withFlowRelay(of: Latest.self) { relay in
        relay.collect(self, index: 0) { Latest(index: 0, value: $0) }
        relay.collect(other, index: 1) { Latest(index: 1, value: $0) }
        var left: [Element] = []
        var right: [Other.Element] = []
        var ended = (left: false, right: false)
        // A side that has ended with none of its values left unpaired ends the zip.
        while !(ended.left && left.isEmpty) && !(ended.right && right.isEmpty) {
          switch try await relay.next() {
          case .event(let value):
            if value.index == 0 {
              left.append(value.value as! Element)
            } else {
              right.append(value.value as! Other.Element)
            }
            if !left.isEmpty, !right.isEmpty {
              try await collector.emit(transform(left.removeFirst(), right.removeFirst()))
            }
          case .done(let index):
            if index == 0 { ended.left = true } else { ended.right = true }
          case .failed: break
          }
        }
      }
    }
  }
}

/// Kotlin's `merge(flow1, flow2, …)`: every value of every flow, as it comes; completes when all have.
public func merge<Source: KotlinTypedFlow>(_ flows: Source...) -> ColdFlow<Source.Element>
where Source.Element: Sendable {
  merge(flows)
}

/// Kotlin's `flows.merge()`.
public func merge<Source: KotlinTypedFlow>(_ flows: [Source]) -> ColdFlow<Source.Element>
where Source.Element: Sendable {
  flow { collector in
    try await withFlowRelay(of: Source.Element.self) { relay in
      for (index, flow) in flows.enumerated() { relay.collect(flow, index: index) { $0 } }
      var active = flows.count
      while active > 0 {
        switch try await relay.next() {
        case .event(let element): try await collector.emit(element)
        case .done: active -= 1
        case .failed: break
        }
      }
    }
  }
}
