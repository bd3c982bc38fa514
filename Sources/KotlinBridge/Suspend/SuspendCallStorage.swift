import CInterop
import Locking

/// Receives a suspend call's outcome from C. Non-generic so the C function pointer can reach it.
class SuspendCallCallbacks: @unchecked Sendable {
  // @unchecked Sendable: abstract; the subclass keeps its mutable state inside a `Locked`.
  func receive(_ outcome: UnsafePointer<shared_Outcome>) { fatalError("abstract") }
}

/// What a call hands the waiting Swift task: the outcome, and whether the Kotlin body cancelled
/// its own job — then the task cancels itself, as Swift export's SwiftJob cancels the hosting task.
struct SuspendCallResult<Value> {
  let outcome: Result<UncheckedTransfer<Value>, any Error>
  let cancelsCaller: Bool
}

/// One Kotlin suspend call in flight: applies the state machine's decisions outside the lock.
final class SuspendCallStorage<Value>: SuspendCallCallbacks, @unchecked Sendable {
  // @unchecked Sendable: `codec` is immutable and Sendable; `state` is protected by its lock.
  private let codec: KotlinValueCodec<Value>
  private let state: Locked<SuspendCallStateMachine<Value>>

  private let handoffs: HandoffCounter
  private let activity: (any KotlinCallerActivity)?

  init(
    codec: KotlinValueCodec<Value>, continuation: SuspendCallStateMachine<Value>.Continuation,
    handoffs: HandoffCounter, activity: (any KotlinCallerActivity)? = nil
  ) {
    self.codec = codec
    self.state = Locked(SuspendCallStateMachine(continuation: continuation))
    self.handoffs = handoffs
    self.activity = activity
  }

  /// Starts the call through `start` (which receives the C continuation) in the current scope;
  /// returns whether the runtime took it (its outcome will arrive through `receive`).
  @discardableResult
  func start(_ operation: String, _ start: (shared_Continuation, UnsafeMutablePointer<shared_Status>) -> shared_Call)
    -> Bool
  {
    let context = Unmanaged.passRetained(self as SuspendCallCallbacks)  // released after the outcome
    let continuation = shared_Continuation(
      context: context.toOpaque(),
      resume: { context, outcome in
        guard let context, let outcome else { return }
        let callbacks = Unmanaged<SuspendCallCallbacks>.fromOpaque(context)
        callbacks.takeUnretainedValue().receive(outcome)
        callbacks.release()  // exactly one outcome: the context's last use
      },
      callerCancelled: Task.isCancelled)
    var status = shared_Status_ok
    let handle = KotlinABI.inCurrentScope { start(continuation, &status) }
    guard handle.pinned != nil else {
      context.release()
      let waiter = state.withLock { $0.startFailed() }
      if let waiter {
        handoffs.handedOver()
        waiter.resume(
          returning: SuspendCallResult(
            outcome: .failure(KotlinInteropError(status: status, operation: operation)), cancelsCaller: false))
      }
      return false
    }
    if case .cancel(let handle) = state.withLock({ $0.started(handle) }) {
      _ = shared_Call_cancel(handle)
      handleUseDone()
    }
    handleUseDone()
    return true
  }

  func cancel() {
    if case .cancel(let handle) = state.withLock({ $0.cancel() }) {
      _ = shared_Call_cancel(handle)
      handleUseDone()
    }
  }

  private func handleUseDone() {
    if let handle = state.withLock({ $0.handleUseDone() }) { _ = shared_Call_release(handle) }
  }

  override func receive(_ outcome: UnsafePointer<shared_Outcome>) {
    let result: Result<UncheckedTransfer<Value>, any Error>
    switch outcome.pointee.kind {
    case Int32(shared_TerminalKind_completed.rawValue):
      do throws(KotlinInteropError) {
        result = .success(UncheckedTransfer(value: try codec.decode(outcome.pointee.value)))
      } catch {
        result = .failure(error)
      }
    case Int32(shared_TerminalKind_failed.rawValue):
      result = .failure(KotlinABI.takeThrowable(outcome.pointee.throwable))
    default:
      result = .failure(CancellationError())
    }
    let (waiter, releasable) = state.withLock { $0.finished() }
    if let releasable { _ = shared_Call_release(releasable) }
    activity?.resumed()  // on the worker, before the caller runs again: the scope never looks idle between
    if let waiter {
      handoffs.handedOver()
      waiter.resume(returning: SuspendCallResult(outcome: result, cancelsCaller: outcome.pointee.cancelsCaller))
    }
  }
}
