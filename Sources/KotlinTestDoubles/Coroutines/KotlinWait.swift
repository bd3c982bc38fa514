import KotlinBridge
import Locking

/// A one-shot wait of Swift code on something Kotlin-side (a job's completion, a deferred value),
/// counted as a Kotlin suspension when the waiter is a running body: while it waits, the body does
/// not count as running work of its scope, so virtual time can move for the work it waits for.
///
/// The first `finish` wins; later ones are ignored (a completion racing a cancellation).
final class KotlinWait<Value: Sendable>: Sendable {
  private struct State {
    var outcome: Result<Value, any Error>?
    var continuation: CheckedContinuation<Value, any Error>?
    var waiter: BodyRun?
  }

  private let state = Locked(State())

  /// Ends the wait with `outcome`; the waiting task, if any, runs again.
  func finish(_ outcome: Result<Value, any Error>) {
    let (continuation, waiter) = state.withLock { state -> (CheckedContinuation<Value, any Error>?, BodyRun?) in
      guard state.outcome == nil else { return (nil, nil) }
      state.outcome = outcome
      defer {
        state.continuation = nil
        state.waiter = nil
      }
      return (state.continuation, state.waiter)
    }
    waiter?.resumed()  // before the body runs again: its scope must not look idle in between
    continuation?.resume(with: outcome)
  }

  /// Waits for `finish`; cancelling the task ends the wait with `CancellationError` (Kotlin's
  /// `join` and `await` are cancellable) unless `cancellable` is false (a scope waiting for its
  /// children after a cancellation, as Kotlin's `coroutineScope` does).
  func wait(cancellable: Bool = true) async throws -> Value {
    let run = BodyRun.running
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
        let ready = state.withLock { state -> Result<Value, any Error>? in
          if let outcome = state.outcome { return outcome }
          state.continuation = continuation
          state.waiter = run
          return nil
        }
        if let ready {
          continuation.resume(with: ready)
        } else {
          run?.suspended()  // may come after `finish`'s resumed(): the runtime counts both orders
        }
      }
    } onCancel: {
      if cancellable { finish(.failure(CancellationError())) }
    }
  }
}
