import CInterop

/// The state of one Kotlin suspend call, as a value whose methods return the effects to perform
/// after the lock is released.
struct SuspendCallStateMachine<Value> {
  typealias Continuation = CheckedContinuation<SuspendCallResult<Value>, Never>

  private enum Phase {
    case starting
    case running(shared_Call)
    case finished
  }

  private var phase = Phase.starting
  private var continuation: Continuation?
  private var cancelRequested = false
  private var handle: shared_Call?
  private var handleUsers = 1  // the starting thread uses the handle until `started` returns
  private var handleReleased = false

  init(continuation: Continuation) {
    self.continuation = continuation
  }

  enum StartedAction {
    case cancel(shared_Call)
    case none
  }

  /// The C start function returned a handle.
  mutating func started(_ handle: shared_Call) -> StartedAction {
    self.handle = handle
    if case .starting = phase { phase = .running(handle) }
    guard cancelRequested else { return .none }
    handleUsers += 1
    return .cancel(handle)
  }

  /// The C start function refused; nobody will call back.
  mutating func startFailed() -> Continuation? {
    phase = .finished
    handleReleased = true
    handleUsers = 0
    let continuation = self.continuation
    self.continuation = nil
    return continuation
  }

  enum CancelAction {
    case cancel(shared_Call)
    case none
  }

  /// The Swift task was cancelled.
  mutating func cancel() -> CancelAction {
    guard !cancelRequested else { return .none }
    cancelRequested = true
    guard case .running(let handle) = phase else { return .none }  // starting: `started` cancels
    handleUsers += 1
    return .cancel(handle)
  }

  /// A C call with the handle returned; the handle to release if that was the last use.
  mutating func handleUseDone() -> shared_Call? {
    handleUsers -= 1
    return releasable()
  }

  /// The outcome arrived (on a Kotlin worker thread).
  mutating func finished() -> (Continuation?, shared_Call?) {
    phase = .finished
    let continuation = self.continuation
    self.continuation = nil
    return (continuation, releasable())
  }

  private mutating func releasable() -> shared_Call? {
    guard case .finished = phase, handleUsers == 0, !handleReleased, let handle else { return nil }
    handleReleased = true
    return handle
  }
}
