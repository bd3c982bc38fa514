import KotlinBridge

/// What `debounce` and `sample` relay: an upstream value, or their timer.
private enum TimedEvent<Element: Sendable>: Sendable {
  case value(Element)
  case timer(Int)
}

extension KotlinTypedFlow where Element: Sendable {
  /// Kotlin's `debounce(timeoutMillis)`: emits a value only once `timeoutMillis` have passed on the
  /// scope's clock without a newer one; the latest value is emitted at once when the upstream
  /// completes. A timeout of 0 passes every value.
  public func debounce(_ timeoutMillis: Int64) -> ColdFlow<Element> {
    flow { collector in
      guard timeoutMillis >= 0 else {
        throw ExportedKotlinPackages.kotlin.IllegalArgumentException(message: "Debounce timeout should not be negative")
      }
      try await withFlowRelay(of: TimedEvent<Element>.self) { relay in
        relay.collect(self, index: 0) { .value($0) }
        var pending: Element?
        var timer: (generation: Int, job: Job)?
        var generation = 0
        while true {
          switch try await relay.next() {
          case .event(.value(let value)):
            timer?.job.cancel()
            timer = nil
            guard timeoutMillis > 0 else {
              try await collector.emit(value)
              continue
            }
            pending = value
            generation += 1
            timer = (
              generation,
              relay.launch { [generation] in
                try await delay(timeoutMillis)
                try await relay.send(.timer(generation))
              }
            )
          case .event(.timer(let fired)):
            guard fired == timer?.generation, let value = pending else { continue }
            pending = nil
            timer = nil
            try await collector.emit(value)
          case .done:
            timer?.job.cancel()
            if let value = pending { try await collector.emit(value) }
            return
          case .failed: break
          }
        }
      }
    }
  }

  /// Kotlin's `sample(periodMillis)`: every `periodMillis` on the scope's clock, emits the latest value
  /// that arrived in that period, if any; a value still waiting when the upstream completes is
  /// dropped, as in Kotlin.
  public func sample(_ periodMillis: Int64) -> ColdFlow<Element> {
    flow { collector in
      guard periodMillis > 0 else {
        throw ExportedKotlinPackages.kotlin.IllegalArgumentException(message: "Sample period should be positive")
      }
      try await withFlowRelay(of: TimedEvent<Element>.self) { relay in
        relay.collect(self, index: 0) { .value($0) }
        relay.launch {
          while true {
            try await delay(periodMillis)
            try await relay.send(.timer(0))
          }
        }
        var pending: Element?
        while true {
          switch try await relay.next() {
          case .event(.value(let value)): pending = value
          case .event(.timer):
            if let value = pending {
              pending = nil
              try await collector.emit(value)
            }
          case .done: return
          case .failed: break
          }
        }
      }
    }
  }
}
