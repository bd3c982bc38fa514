/// Wraps a callback API that answers once into `async throws` — the safe form of
/// `withCheckedThrowingContinuation` for delegates and completion handlers.
///
/// - Exactly one outcome: the first `resume` on the ``OneShotCompletion`` wins; late or duplicate
///   answers are ignored and counted (``OneShotCompletion/ignoredAnswers``), never a double resume.
/// - Task cancellation ends the wait with `CancellationError` at once and calls `onCancel` (forward
///   it to the operation, e.g. `manager.stopUpdatingLocation()`), exactly once.
/// - With a `timeout`, the wait ends with ``OneShotTimeoutError`` and `onCancel` runs.
/// - Each call has its own completion, so concurrent calls never overwrite each other's
///   continuation (the seed's bug).
///
/// ```swift
/// // Seed 000, before: a stored continuation, overwritten by a second request, never cancelled.
/// // After:
/// let coordinate = try await withOneShot(timeout: .seconds(10), onCancel: { manager.stopUpdatingLocation() }) {
///   completion in
///   pendingRequests.append(completion)  // the delegate resumes it
///   manager.requestLocation()
/// }
/// ```
/// - Parameters:
///   - timeout: wall-clock limit, or nil to wait as long as it takes.
///   - onCancel: called once if the task is cancelled or the timeout passes before the answer.
///   - start: starts the operation; keep `completion` where the callback can reach it.
public func withOneShot<Value: Sendable>(
  timeout: Duration? = nil,
  isolation: isolated (any Actor)? = #isolation,
  onCancel: @escaping @Sendable () -> Void = {},
  _ start: (OneShotCompletion<Value>) -> Void
) async throws -> Value {
  let completion = OneShotCompletion<Value>()
  let timer: Task<Void, Never>? = timeout.map { timeout in
    Task {
      try? await Task.sleep(for: timeout)  // a timeout, not synchronisation
      guard !Task.isCancelled else { return }
      if completion.finish(.failure(OneShotTimeoutError(timeout: timeout))) { onCancel() }
    }
  }
  defer { timer?.cancel() }
  return try await withTaskCancellationHandler {
    try await withCheckedThrowingContinuation(isolation: isolation) { continuation in
      completion.attach(continuation)
      if !completion.isFinished { start(completion) }
    }
  } onCancel: {
    if completion.finish(.failure(CancellationError())) { onCancel() }
  }
}
