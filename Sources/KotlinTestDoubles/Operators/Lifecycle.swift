import KotlinBridge

// The operators around a collection's start, end and failure, with Kotlin's exception transparency:
// an exception from downstream (a failed emit) is never caught as the upstream's.

extension KotlinTypedFlow where Element: Sendable {
  /// Kotlin's `onStart { }`: runs `action` (which may emit) before the upstream is collected.
  public func onStart(_ action: @escaping @Sendable (FlowCollector<Element>) async throws -> Void) -> ColdFlow<Element>
  {
    flow { collector in
      try await action(collector)
      for try await element in self.asAsyncSequence() { try await collector.emit(element) }
    }
  }

  /// Kotlin's `onCompletion { cause -> }`: runs `action` once the flow ends: `nil` on completion,
  /// the exception on a failure (which is then rethrown), a `CancellationError` on cancellation. It may
  /// emit after a completion.
  public func onCompletion(
    _ action: @escaping @Sendable (FlowCollector<Element>, (any Error)?) async throws -> Void
  ) -> ColdFlow<Element> {
    flow { collector in
      do {
        for try await element in self.asAsyncSequence() { try await collector.emit(element) }
      } catch {
        try await action(collector, error)
        throw error
      }
      try await action(collector, nil)
    }
  }

  /// Kotlin's `catch { cause -> }`: on an upstream exception (not a cancellation, not a downstream
  /// failure), runs `action`, which may emit a fallback or rethrow; the flow then completes.
  public func `catch`(
    _ action: @escaping @Sendable (FlowCollector<Element>, any Error) async throws -> Void
  ) -> ColdFlow<Element> {
    flow { collector in
      let iterator = self.asAsyncSequence().makeAsyncIterator()
      while true {
        let next: Element?
        do {
          next = try await iterator.next()
        } catch is CancellationError {
          throw CancellationError()
        } catch {
          try await action(collector, error)
          return
        }
        guard let next else { return }
        try await collector.emit(next)  // outside the do: a downstream failure is not caught
      }
    }
  }

  /// Kotlin's `retry(retries) { cause -> }`: on an upstream exception for which `predicate` is true,
  /// collects the upstream again, up to `retries` times; then the exception is rethrown.
  public func retry(
    _ retries: Int64 = .max, predicate: @escaping @Sendable (any Error) async throws -> Bool = { _ in true }
  ) -> ColdFlow<Element> {
    flow { collector in
      guard retries > 0 else {
        throw ExportedKotlinPackages.kotlin.IllegalArgumentException(
          message: "Expected positive amount of retries, but had \(retries)")
      }
      var attempt: Int64 = 0
      while true {
        let iterator = self.asAsyncSequence().makeAsyncIterator()
        var failure: (any Error)?
        while true {
          let next: Element?
          do {
            next = try await iterator.next()
          } catch is CancellationError {
            throw CancellationError()
          } catch {
            failure = error
            break
          }
          guard let next else { return }
          try await collector.emit(next)
        }
        guard let failure else { return }
        guard attempt < retries, try await predicate(failure) else { throw failure }
        attempt += 1
      }
    }
  }
}
