import CInterop
import Locking

/// Calls a Kotlin suspend function through its C convention and awaits its one outcome.
///
/// - Cancelling the Swift task cancels the Kotlin job and waits for its outcome (its `finally`
///   has run when this returns), then throws `CancellationError`.
/// - A Kotlin job that cancels itself makes this throw `CancellationError` and cancels the calling
///   task too, as a cancelled child would in Kotlin.
/// - An already-cancelled task starts the call with its job already cancelled: the Kotlin body runs
///   up to its first suspension point, which throws (its `finally` runs), and never past it.
/// - A Kotlin exception is thrown as ``KotlinException``.
package func kotlinSuspend<Value>(
  _ operation: String,
  codec: KotlinValueCodec<Value>,
  isolation: isolated (any Actor)? = #isolation,
  start: (shared_Continuation, UnsafeMutablePointer<shared_Status>) -> shared_Call
) async throws -> Value {
  do {
    KotlinWaitObserver.willWait()
    let storage = SuspendCallBox<Value>()
    let handoffs = HandoffCounter.of(KotlinRuntimeScope.current)
    let activity = KotlinCaller.activity
    defer { handoffs.pickedUp() }  // the one resume of the continuation counted one handoff
    let transfer = try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation(isolation: isolation) {
        (continuation: SuspendCallStateMachine<Value>.Continuation) in
        let call = SuspendCallStorage(codec: codec, continuation: continuation, handoffs: handoffs, activity: activity)
        storage.set(call)
        if call.start(operation, start) { activity?.suspended() }
      }
    } onCancel: {
      storage.cancel()
    }
    return transfer.value
  } catch is KotlinSideCancellation {
    withUnsafeCurrentTask { $0?.cancel() }
    throw CancellationError()
  }
}

/// Lets the cancellation handler reach the call, which exists only once the continuation does.
private final class SuspendCallBox<Value>: Sendable {
  private let call = Locked<SuspendCallStorage<Value>?>(nil)
  private let cancelled = Locked(false)

  func set(_ storage: SuspendCallStorage<Value>) {
    let alreadyCancelled = call.withLock { slot in
      slot = storage
      return cancelled.withLock { $0 }
    }
    if alreadyCancelled { storage.cancel() }
  }

  func cancel() {
    let storage = call.withLock { slot in
      cancelled.withLock { $0 = true }
      return slot
    }
    storage?.cancel()
  }
}
