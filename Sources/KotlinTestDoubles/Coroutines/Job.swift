import CInterop
import KotlinBridge
import Locking

/// Kotlin's `Job`: a cancellable piece of work with a life cycle, in a parent–child hierarchy.
///
/// A job made with `Job()` or ``SupervisorJob(parent:)`` has no body: it is the job of a
/// ``CoroutineScope``, active until cancelled (or ``complete()``d). A job returned by
/// ``CoroutineScope/launch(_:)`` runs its body as a Kotlin job of the runtime: counted as a pending call
/// until it ends, on the scope's clock, cancelled at its next suspension.
///
/// The rules are Kotlin's structured concurrency:
/// - cancelling a job cancels its children; it is complete once its body and all its children are;
/// - a child that fails cancels its parent, and so its siblings, unless the parent is a supervisor;
/// - an exception that escapes a `launch` is uncaught: handed to the scope's exception handler, or
///   else reported to the runtime as "this would crash on iOS" (the leak check fails with it), as
///   Kotlin/Native terminates the app on an uncaught exception in a coroutine;
/// - ``join()`` waits for completion whatever the outcome and throws only when the waiter is
///   cancelled.
public class Job: @unchecked Sendable {
  // @unchecked Sendable: everything mutable is in `state` (a Locked); the rest is immutable.

  /// Whether a failing child leaves this job and its other children alone (`SupervisorJob()`).
  public let isSupervisor: Bool
  let parent: Job?
  /// The runtime scope the job's coroutines run in (the test's), whatever task starts them.
  let runtimeScope: KotlinRuntimeScope?
  /// Where an uncaught exception goes: the scope's handler, else a misuse report.
  let uncaughtHandler: (@Sendable (any Error) -> Void)?
  /// Whether the job is a coroutine's (`launch`, `async`), not a scope's.
  let hasBody: Bool

  private let state = Locked(State())

  private struct State {
    var phase = Phase.active
    /// The body has ended (always true for a job without a body once it is completed or cancelled).
    var bodyEnded = false
    var children: [ObjectIdentifier: Job] = [:]
    /// The failure that cancelled the job (a child's or its own), or a cancellation.
    var cause: (any Error)?
    var failed = false
    var waiters: [KotlinWait<Void>] = []
    var completionHandlers: [@Sendable ((any Error)?) -> Void] = []
    /// Cancels the body's runtime job.
    var cancelBody: (@Sendable () -> Void)?
    var cancelBodyRequested = false
  }

  enum Phase { case active, cancelling, completed, cancelled }

  /// Kotlin's `Job(parent)`: a job without a body, active until cancelled or completed.
  public convenience init(parent: Job? = nil) {
    self.init(parent: parent, isSupervisor: false, hasBody: false, uncaughtHandler: nil)
  }

  init(
    parent: Job?, isSupervisor: Bool, hasBody: Bool, uncaughtHandler: (@Sendable (any Error) -> Void)?,
    runtimeScope: KotlinRuntimeScope? = KotlinRuntimeScope.current
  ) {
    self.parent = parent
    self.isSupervisor = isSupervisor
    self.hasBody = hasBody
    self.uncaughtHandler = uncaughtHandler ?? parent?.uncaughtHandler
    self.runtimeScope = parent?.runtimeScope ?? runtimeScope
    if let parent, !parent.attach(self) {
      // The parent is already cancelled or complete: a new child starts cancelled, as in Kotlin.
      state.withLock {
        $0.phase = .cancelling
        $0.cause = CancellationError()
        $0.cancelBodyRequested = true
      }
    }
  }

  // MARK: What Kotlin's Job shows

  /// Active: not cancelled, not complete (a job completing its children is still active).
  public var isActive: Bool { state.withLock { $0.phase == .active } }
  /// Complete, for any reason (normally, cancelled or failed).
  public var isCompleted: Bool { state.withLock { $0.phase == .completed || $0.phase == .cancelled } }
  /// Cancelled or failed (also while its children are still finishing).
  public var isCancelled: Bool { state.withLock { $0.phase == .cancelling || $0.phase == .cancelled } }
  /// The children still running (Kotlin's `children`).
  public var children: [Job] { state.withLock { Array($0.children.values) } }

  /// Kotlin's `cancel()`: cancels the job and its children; idempotent, never waits.
  public func cancel() { cancel(cause: CancellationError(), failed: false) }

  /// Kotlin's `join()`: waits until the job is complete, whatever the outcome.
  ///
  /// - Throws: `CancellationError` when the waiting task is cancelled (the job goes on).
  public func join() async throws { try await join(cancellable: true) }

  /// Waits for completion; with `cancellable` false, also when the waiting task is cancelled.
  func join(cancellable: Bool) async throws {
    let wait = KotlinWait<Void>()
    let done = state.withLock { state -> Bool in
      if state.phase == .completed || state.phase == .cancelled { return true }
      state.waiters.append(wait)
      return false
    }
    if done { return }
    try await wait.wait(cancellable: cancellable)
  }

  /// Kotlin's `cancelAndJoin()`.
  public func cancelAndJoin() async throws {
    cancel()
    try await join()
  }

  /// Kotlin's `complete()` for a job without a body: it completes once its children have.
  /// Returns `false` when the job was already completing, cancelled or complete, or has a body.
  @discardableResult
  public func complete() -> Bool {
    guard !hasBody else { return false }
    let first = state.withLock { state -> Bool in
      guard state.phase == .active, !state.bodyEnded else { return false }
      state.bodyEnded = true
      return true
    }
    if first { finishIfDone() }
    return first
  }

  /// Kotlin's `invokeOnCompletion { cause -> }`: `handler` runs once the job is complete, with `nil`
  /// for a normal completion, the failure, or a `CancellationError`; at once if it already is.
  public func invokeOnCompletion(_ handler: @escaping @Sendable ((any Error)?) -> Void) {
    let done = state.withLock { state -> (any Error)?? in
      switch state.phase {
      case .completed: return .some(nil)
      case .cancelled: return .some(state.cause)
      default:
        state.completionHandlers.append(handler)
        return nil
      }
    }
    if let done { handler(done) }
  }

  // MARK: The life cycle

  /// Registers `child`; `false` when this job can take no more children.
  private func attach(_ child: Job) -> Bool {
    let accepted = state.withLock { state -> Bool in
      guard state.phase == .active else { return false }
      state.children[ObjectIdentifier(child)] = child
      return true
    }
    return accepted
  }

  /// The body's runtime job has started; `cancelBody` cancels it.
  func bodyStarted(cancelBody: @escaping @Sendable () -> Void) {
    let cancelNow = state.withLock { state -> Bool in
      state.cancelBody = cancelBody
      return state.cancelBodyRequested
    }
    if cancelNow { cancelBody() }
  }

  /// The body ended with `outcome` (`nil`: normally).
  func bodyEnded(_ outcome: (any Error)?) {
    if let outcome, !(outcome is CancellationError) {
      cancel(cause: outcome, failed: true)
    } else if outcome is CancellationError {
      cancel(cause: CancellationError(), failed: false)
    }
    state.withLock { $0.bodyEnded = true }
    finishIfDone()
  }

  func cancel(cause: any Error, failed: Bool) {
    let (children, cancelBody) = state.withLock { state -> ([Job], (@Sendable () -> Void)?) in
      guard state.phase == .active else {
        // A failure while already cancelling replaces a plain cancellation as the cause.
        if failed, !state.failed, state.phase == .cancelling {
          state.cause = cause
          state.failed = true
        }
        return ([], nil)
      }
      state.phase = .cancelling
      state.cause = cause
      state.failed = failed
      state.cancelBodyRequested = true
      if !hasBody { state.bodyEnded = true }
      return (Array(state.children.values), state.cancelBody)
    }
    cancelBody?()
    for child in children { child.cancel() }
    finishIfDone()
  }

  /// A child ended; a failed child cancels this job unless it is a supervisor.
  private func childEnded(_ child: Job, failure: (any Error)?) {
    state.withLock { _ = $0.children.removeValue(forKey: ObjectIdentifier(child)) }
    if let failure, !isSupervisor { cancel(cause: failure, failed: true) }
    finishIfDone()
  }

  /// Completes the job once its body and all its children have ended.
  private func finishIfDone() {
    let finished = state.withLock {
      state -> (
        waiters: [KotlinWait<Void>], handlers: [@Sendable ((any Error)?) -> Void], cause: (any Error)?, failed: Bool
      )?
      in
      guard state.bodyEnded, state.children.isEmpty, state.phase == .active || state.phase == .cancelling else {
        return nil
      }
      state.phase = state.phase == .active ? .completed : .cancelled
      defer {
        state.waiters = []
        state.completionHandlers = []
        state.cancelBody = nil
      }
      return (state.waiters, state.completionHandlers, state.phase == .cancelled ? state.cause : nil, state.failed)
    }
    guard let finished else { return }
    let failure = finished.failed ? finished.cause : nil
    if let failure { reportFailure(failure) }
    for handler in finished.handlers { handler(finished.cause) }
    for waiter in finished.waiters { waiter.finish(.success(())) }
    parent?.childEnded(self, failure: failure)
  }

  /// A failure of this job that no parent coroutine takes over is uncaught (for `launch`; an
  /// `async` keeps it for `await`).
  func reportFailure(_ failure: any Error) {
    guard reportsUncaught else { return }
    if let parent, parent.hasBody, !parent.isSupervisor { return }  // the parent coroutine fails with it
    if let uncaughtHandler {
      KotlinRuntimeScope.$current.withValue(runtimeScope) { uncaughtHandler(failure) }
      return
    }
    let message =
      "an exception escaped a launched Kotlin coroutine (\(failure)); Kotlin/Native terminates the app on an "
      + "uncaught exception in a coroutine: catch it inside the coroutine, or give the CoroutineScope an "
      + "exceptionHandler"
    KotlinRuntimeScope.$current.withValue(runtimeScope) {
      KotlinABI.inCurrentScope { message.withCString { shared_Doubles_reportMisuse($0) } }
    }
  }

  /// Whether an escaping failure is uncaught (`launch`'s), not kept (`async`'s).
  var reportsUncaught: Bool { hasBody }

  /// The failure or cancellation that ended the job, once it is complete.
  package var completionCause: (any Error)? { state.withLock { $0.phase == .cancelled ? $0.cause : nil } }
}

/// Kotlin's `SupervisorJob(parent)`: a job whose children fail alone.
public func SupervisorJob(parent: Job? = nil) -> Job {
  Job(parent: parent, isSupervisor: true, hasBody: false, uncaughtHandler: nil)
}
