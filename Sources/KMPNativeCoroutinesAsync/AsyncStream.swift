import KMPNativeCoroutinesCore

/// Wraps a ``NativeFlow`` in an `AsyncThrowingStream` — the KMP-NativeCoroutines 0.x function that
/// 0.12 renamed to `asyncSequence(for:)` (and 1.0 removed), kept so screens written against 0.x
/// compile. It has 0.x's semantics: no backpressure (every item is acknowledged at once and buffered
/// without bound), cancelling the task or leaving the loop cancels the Kotlin job, and a Kotlin-side
/// cancellation finishes the stream by throwing the `NSError` Kotlin made.
///
/// ```swift
/// for try await time in asyncStream(for: clock.time) { print(time) }
/// ```
///
/// - Parameter nativeFlow: The native flow to collect.
/// - Returns: A stream of the collected values.
public func asyncStream<Output, Failure: Error, Unit>(
  for nativeFlow: @escaping NativeFlow<Output, Failure, Unit>
) -> AsyncThrowingStream<Output, any Error> {
  AsyncThrowingStream { continuation in
    let cancellable = nativeFlow(
      { item, next, _ in
        _ = UncheckedStreamContinuation(continuation: continuation).yield(item)
        return next()
      },
      { error, unit in
        continuation.finish(throwing: error)
        return unit
      },
      { error, unit in
        continuation.finish(throwing: error)
        return unit
      })
    let cancel = UncheckedBox(value: cancellable)
    continuation.onTermination = { termination in
      guard case .cancelled = termination else { return }
      _ = cancel.value()
    }
  }
}

/// Yields items that are not `Sendable`: each is handed to the stream's one consumer exactly once.
private struct UncheckedStreamContinuation<Output>: @unchecked Sendable {
  // @unchecked Sendable: see above; the continuation itself is thread-safe.
  let continuation: AsyncThrowingStream<Output, any Error>.Continuation

  func yield(_ item: Output) -> AsyncThrowingStream<Output, any Error>.Continuation.YieldResult {
    continuation.yield(UncheckedBox(value: item).value)
  }
}
