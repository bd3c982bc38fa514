import Locking

/// Kotlin's `awaitCancellation()`: suspends the current test double's body until its job is
/// cancelled, then throws `CancellationError`. It never returns.
///
/// While it waits, the body does not count as running work of its scope, and no clock runs for it:
/// virtual time stays where it is and `settle()` sees the scope idle, as with a coroutine suspended
/// in `awaitCancellation()` under kotlinx-coroutines-test. Use it for a flow that, like a state
/// flow, never completes by itself.
///
/// ```swift
/// let updates = flow { (collector: FlowCollector<Int32>) in
///   try await collector.emit(1)
///   try await awaitCancellation()
/// }
/// ```
///
/// - Throws: `CancellationError` once the job is cancelled; ``KotlinTestDoubleError`` when called
///   outside a ``flow(_:)`` or ``kotlinSuspend(isolation:_:)`` body.
public func awaitCancellation() async throws -> Never {
  if let misuse = BodyRun.notInBody("awaitCancellation()") { throw misuse }
  let run = BodyRun.running!
  try Task.checkCancellation()
  let waiter = CancellationWaiter()
  // Not running from here on (so virtual time and idleness treat the body as suspended) until the
  // cancellation handler, on the thread that cancels the job, counts it as running again.
  run.suspended()
  await withTaskCancellationHandler {
    await waiter.wait()
  } onCancel: {
    run.resumed()
    waiter.open()
  }
  throw CancellationError()
}

/// A one-shot wake-up, opened by a cancellation handler that may run before `wait()` starts.
private final class CancellationWaiter: Sendable {
  private let state = Locked<(open: Bool, continuation: CheckedContinuation<Void, Never>?)>((false, nil))

  func wait() async {
    await withCheckedContinuation { continuation in
      let resumeNow = state.withLock { state in
        if state.open { return true }
        state.continuation = continuation
        return false
      }
      if resumeNow { continuation.resume() }
    }
  }

  func open() {
    let continuation = state.withLock { state in
      state.open = true
      defer { state.continuation = nil }
      return state.continuation
    }
    continuation?.resume()
  }
}
