import KotlinBridge

// The sequential operators: each is a `flow { }` body that collects its upstream in place, as
// kotlinx.coroutines defines them (`unsafeTransform`), so the upstream runs only as far as the
// downstream asks, and cancelling the downstream cancels the upstream.

extension KotlinTypedFlow where Element: Sendable {
  /// Kotlin's `transform { value -> emit(…) }`: emits whatever `transform` emits for each value.
  public func transform<Result: Sendable>(
    _ transform: @escaping @Sendable (FlowCollector<Result>, Element) async throws -> Void
  ) -> ColdFlow<Result> {
    flow { collector in
      for try await element in self.asAsyncSequence() { try await transform(collector, element) }
    }
  }

  /// Kotlin's `map { }`.
  public func map<Result: Sendable>(_ transform: @escaping @Sendable (Element) async throws -> Result) -> ColdFlow<
    Result
  > {
    self.transform { collector, element in try await collector.emit(transform(element)) }
  }

  /// Kotlin's `mapNotNull { }`: drops the values `transform` maps to `nil`.
  public func mapNotNull<Result: Sendable>(
    _ transform: @escaping @Sendable (Element) async throws -> Result?
  ) -> ColdFlow<Result> {
    self.transform { collector, element in
      if let mapped = try await transform(element) { try await collector.emit(mapped) }
    }
  }

  /// Kotlin's `filter { }`.
  public func filter(_ predicate: @escaping @Sendable (Element) async throws -> Bool) -> ColdFlow<Element> {
    transform { collector, element in
      if try await predicate(element) { try await collector.emit(element) }
    }
  }

  /// Kotlin's `filterNot { }`.
  public func filterNot(_ predicate: @escaping @Sendable (Element) async throws -> Bool) -> ColdFlow<Element> {
    filter { try await !predicate($0) }
  }

  /// Kotlin's `onEach { }`: runs `action` on each value before passing it on.
  public func onEach(_ action: @escaping @Sendable (Element) async throws -> Void) -> ColdFlow<Element> {
    transform { collector, element in
      try await action(element)
      try await collector.emit(element)
    }
  }

  /// Kotlin's `scan(initial) { acc, value -> }` (`runningFold`): emits `initial`, then each
  /// accumulation.
  public func scan<Result: Sendable>(
    _ initial: Result, _ operation: @escaping @Sendable (Result, Element) async throws -> Result
  ) -> ColdFlow<Result> {
    flow { collector in
      var accumulator = initial
      try await collector.emit(accumulator)
      for try await element in self.asAsyncSequence() {
        accumulator = try await operation(accumulator, element)
        try await collector.emit(accumulator)
      }
    }
  }

  /// Kotlin's `take(count)`: the first `count` values, then completion (the upstream is cancelled).
  /// Kotlin refuses a count that is not positive with IllegalArgumentException; so does the flow.
  public func take(_ count: Int) -> ColdFlow<Element> {
    flow { collector in
      guard count > 0 else {
        throw ExportedKotlinPackages.kotlin.IllegalArgumentException(
          message: "Requested element count \(count) should be positive")
      }
      var taken = 0
      for try await element in self.asAsyncSequence() {
        try await collector.emit(element)
        taken += 1
        if taken == count { return }
      }
    }
  }

  /// Kotlin's `takeWhile { }`: values while `predicate` holds, then completion.
  public func takeWhile(_ predicate: @escaping @Sendable (Element) async throws -> Bool) -> ColdFlow<Element> {
    flow { collector in
      for try await element in self.asAsyncSequence() {
        guard try await predicate(element) else { return }
        try await collector.emit(element)
      }
    }
  }

  /// Kotlin's `drop(count)`: all values but the first `count`.
  public func drop(_ count: Int) -> ColdFlow<Element> {
    flow { collector in
      guard count >= 0 else {
        throw ExportedKotlinPackages.kotlin.IllegalArgumentException(
          message: "Drop count should be non-negative, but had \(count)")
      }
      var skipped = 0
      for try await element in self.asAsyncSequence() {
        if skipped < count {
          skipped += 1
        } else {
          try await collector.emit(element)
        }
      }
    }
  }

  /// Kotlin's `dropWhile { }`.
  public func dropWhile(_ predicate: @escaping @Sendable (Element) async throws -> Bool) -> ColdFlow<Element> {
    flow { collector in
      var dropping = true
      for try await element in self.asAsyncSequence() {
        if dropping, try await predicate(element) { continue }
        dropping = false
        try await collector.emit(element)
      }
    }
  }

  /// Kotlin's `distinctUntilChangedBy { key }`: drops a value whose key equals the previous value's.
  public func distinctUntilChangedBy<Key: Equatable & Sendable>(
    _ key: @escaping @Sendable (Element) -> Key
  ) -> ColdFlow<Element> {
    flow { collector in
      var previous: Key?
      for try await element in self.asAsyncSequence() {
        let current = key(element)
        if let previous, previous == current { continue }
        previous = current
        try await collector.emit(element)
      }
    }
  }

  /// Kotlin's `flatMapConcat { }`: collects each inner flow to its end before the next.
  public func flatMapConcat<Inner: KotlinTypedFlow>(
    _ transform: @escaping @Sendable (Element) async throws -> Inner
  ) -> ColdFlow<Inner.Element> where Inner.Element: Sendable {
    flow { collector in
      for try await element in self.asAsyncSequence() {
        for try await inner in try await transform(element).asAsyncSequence() { try await collector.emit(inner) }
      }
    }
  }
}

extension KotlinTypedFlow where Element: Equatable & Sendable {
  /// Kotlin's `distinctUntilChanged()`: drops a value equal to the previous one (Kotlin's `==`).
  public func distinctUntilChanged() -> ColdFlow<Element> { distinctUntilChangedBy { $0 } }
}

extension KotlinTypedFlow {
  /// Kotlin's `filterNotNull()`.
  public func filterNotNull<Wrapped: Sendable>() -> ColdFlow<Wrapped> where Element == Wrapped? {
    mapNotNull { $0 }
  }
}
