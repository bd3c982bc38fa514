import CInterop
import Locking

/// Calls a Kotlin suspend function through its C convention and awaits its one outcome, with the
/// semantics of Swift export's bridge (`withKotlinContinuation` over a job started UNDISPATCHED):
///
/// - Cancelling the Swift task cancels the Kotlin job and waits for its outcome (its `finally`
///   has run when this returns). The suspension point the body is at throws, so this throws
///   `CancellationError` — unless the body returns without reaching another suspension point: then
///   its value is returned (Kotlin's cancellation is cooperative).
/// - An already-cancelled task starts the call with its job already cancelled: the Kotlin body runs
///   up to its first real suspension point, which throws (`finally` runs). A body with no suspension
///   point on its path (`delay(0)` is none) returns its value.
/// - A Kotlin body that cancels its own job cancels the calling task too, whatever it then does: it
///   may still return a value (`cancelSilentlyAfter`), which is returned.
/// - A `CancellationException` thrown without the job being cancelled (`withTimeout`'s) throws
///   `CancellationError` and leaves the calling task alone.
/// - A Kotlin exception is thrown as an instance of its exported class
///   (``ExportedKotlinPackages/kotlin/Throwable`` or a subclass).
package func kotlinSuspend<Value>(
  _ operation: String,
  codec: KotlinValueCodec<Value>,
  isolation: isolated (any Actor)? = #isolation,
  start: (shared_Continuation, UnsafeMutablePointer<shared_Status>) -> shared_Call
) async throws -> Value {
  KotlinWaitObserver.willWait()
  let storage = SuspendCallBox<Value>()
  let scope = KotlinRuntimeScope.current
  let handoffs = HandoffCounter.of(scope)
  let activity = KotlinCaller.activity
  let awaited = scope?.activities.begin("the suspend call \(operation), still awaited")
  defer {
    handoffs.pickedUp()  // the one resume of the continuation counted one handoff
    if let awaited { scope?.activities.end(awaited) }
  }
  let result = await withTaskCancellationHandler {
    await withCheckedContinuation(isolation: isolation) {
      (continuation: SuspendCallStateMachine<Value>.Continuation) in
      let call = SuspendCallStorage(codec: codec, continuation: continuation, handoffs: handoffs, activity: activity)
      storage.set(call)
      if call.start(operation, start) { activity?.suspended() }
    }
  } onCancel: {
    storage.cancel()
  }
  if result.cancelsCaller { withUnsafeCurrentTask { $0?.cancel() } }
  return try result.outcome.get().value
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
