import KotlinBridge

extension KotlinTypedFlow where Element: Sendable {
  /// Kotlin's `buffer(capacity)`: the upstream runs up to `capacity` values ahead of the downstream,
  /// in the runtime's own collection buffer (the same as collecting with `.bounded(capacity)`).
  public func buffer(_ capacity: Int = 64) -> ColdFlow<Element> {
    flow { collector in
      for try await element in self.asAsyncSequence(bufferingPolicy: .bounded(capacity)) {
        try await collector.emit(element)
      }
    }
  }

  /// Kotlin's `conflate()`: the upstream never waits; a slow downstream gets the latest value.
  public func conflate() -> ColdFlow<Element> {
    flow { collector in
      for try await element in self.asAsyncSequence(bufferingPolicy: .conflated) { try await collector.emit(element) }
    }
  }
}
