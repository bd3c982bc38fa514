import CInterop
import Dispatch
import KotlinBridge
import Locking

/// How a job started with ``kotlinLaunch(_:onCompletion:)`` ended (what Kotlin's
/// `invokeOnCompletion` sees).
package enum KotlinJobOutcome: Sendable {
  case completed
  case failed(ExportedKotlinPackages.kotlin.Throwable)
  case cancelled
}

/// A job started with ``kotlinLaunch(_:onCompletion:)``: Kotlin's `Job` as far as a launcher needs it.
package final class KotlinLaunchedJob: Sendable {
  private let onCompletion: @Sendable (KotlinJobOutcome) -> Void
  private let state = Locked(State())

  private struct State {
    var handle: shared_Call?
    var cancelRequested = false
    var finished = false
    /// Users of `handle` outside the lock (the launcher until `started` ends, a thread cancelling
    /// it); the handle is released once the job has finished and this is zero.
    var users = 1
  }

  init(onCompletion: @escaping @Sendable (KotlinJobOutcome) -> Void) {
    self.onCompletion = onCompletion
  }

  /// Kotlin's `job.cancel()`: idempotent, any thread, never waits. The completion still follows.
  package func cancel() {
    let handle = state.withLock { state -> shared_Call? in
      state.cancelRequested = true
      guard !state.finished, let handle = state.handle else { return nil }
      state.users += 1
      return handle
    }
    guard let handle else { return }
    _ = shared_Call_cancel(handle)
    doneUsing()
  }

  fileprivate func started(_ handle: shared_Call) {
    let cancelNow = state.withLock { state -> Bool in
      state.handle = handle
      return state.cancelRequested && !state.finished
    }
    if cancelNow { _ = shared_Call_cancel(handle) }  // cancelled before the runtime had answered
    doneUsing()  // the launcher's own use of the handle ends here
  }

  fileprivate func finish(_ outcome: KotlinJobOutcome) {
    state.withLock { $0.finished = true }
    releaseIfUnused()
    onCompletion(outcome)
  }

  private func doneUsing() {
    state.withLock { $0.users -= 1 }
    releaseIfUnused()
  }

  private func releaseIfUnused() {
    let handle = state.withLock { state -> shared_Call? in
      guard state.finished, state.users == 0, let handle = state.handle else { return nil }
      state.handle = nil
      return handle
    }
    if let handle { _ = shared_Call_release(handle) }
  }
}

/// Kotlin's `scope.launch { body() }` in the current runtime scope, with `invokeOnCompletion`.
///
/// The body runs as a Kotlin job (a pending call of the scope until it ends, on the runtime's own
/// threads, on the scope's clock), like the body of `kotlinSuspend { }`, but nobody awaits it:
/// `onCompletion` receives the outcome on a Kotlin worker thread once the job is over (its `finally`
/// has run). For launchers of Kotlin-side coroutines such as KMP-NativeCoroutines' `asNativeFlow()`.
///
/// With `undispatched`, the launching thread waits until the body has reached its first suspension
/// (or ended), as Kotlin's `Dispatchers.Main.immediate` and `Dispatchers.Unconfined` run a coroutine
/// launched from their thread in place until it suspends: what the body does first is done when
/// `launch` returns.
package func kotlinLaunch(
  undispatched: Bool = false,
  _ body: @escaping @Sendable () async throws -> Void,
  onCompletion: @escaping @Sendable (KotlinJobOutcome) -> Void
) -> KotlinLaunchedJob {
  let started = undispatched ? UndispatchedStart() : nil
  let job = KotlinLaunchedJob { outcome in
    started?.reached()  // ended before it ever ran (cancelled), or as it ended
    onCompletion(outcome)
  }
  let suspendBody = SuspendBody<Int32>(codec: DoubleCodec.codec(for: Int32.self)) {
    try await body()
    return 0
  }
  let factory: any BodyFactory = started.map { UndispatchedBody(body: suspendBody, start: $0) } ?? suspendBody
  // Released by the one outcome the runtime delivers (or below, when it refuses the call).
  let context = Unmanaged.passRetained(job)
  let continuation = shared_Continuation(
    context: context.toOpaque(),
    resume: { context, outcome in
      guard let context, let outcome else { return }
      let job = Unmanaged<KotlinLaunchedJob>.fromOpaque(context).takeRetainedValue()
      let result: KotlinJobOutcome
      switch outcome.pointee.kind {
      case Int32(shared_TerminalKind_completed.rawValue): result = .completed
      case Int32(shared_TerminalKind_failed.rawValue):
        result = .failed(KotlinABI.takeThrowable(outcome.pointee.throwable))
      default: result = .cancelled
      }
      job.finish(result)
    },
    callerCancelled: false)
  var status = shared_Status_ok
  let handle = KotlinABI.inCurrentScope { shared_Doubles_call(BodyCallbacks.body(factory), continuation, &status) }
  guard handle.pinned != nil else {
    context.release()
    job.finish(
      .failed(
        ExportedKotlinPackages.kotlin.IllegalStateException(
          message: "launch was refused by the Kotlin runtime (status \(status.rawValue))")))
    return job
  }
  job.started(handle)
  started?.wait()
  return job
}

/// The launcher's wait for an undispatched body's first suspension.
private final class UndispatchedStart: Sendable {
  private let semaphore = DispatchSemaphore(value: 0)
  private let signalled = Locked(false)

  func reached() {
    let first = signalled.withLock { signalled in
      defer { signalled = true }
      return !signalled
    }
    if first { semaphore.signal() }
  }

  func wait() { semaphore.wait() }
}

/// A body whose run tells an undispatched launcher when it first suspends.
private final class UndispatchedBody: BodyFactory {
  let body: any BodyFactory
  let start: UndispatchedStart

  init(body: any BodyFactory, start: UndispatchedStart) {
    self.body = body
    self.start = start
  }

  func start(_ run: BodyRun) {
    run.onFirstSuspension { [start] in start.reached() }
    body.start(run)
  }
}

/// Suspends the running Kotlin body, without reacting to cancellation (Kotlin's `suspendCoroutine`),
/// until the resume function `register` receives is called, from any thread.
///
/// `register` runs first, while the body still counts as running; from its return until the resume,
/// the body counts as suspended (virtual time may move, the scope may be idle). Call it only from a
/// body started by ``kotlinLaunch(_:onCompletion:)``, `flow { }` or `kotlinSuspend { }`; elsewhere
/// it runs `register` and waits without any bookkeeping. The resume function must be called once.
package func suspendBodyNonCancellably<Value: Sendable>(
  _ register: (@escaping @Sendable (Value) -> Void) -> Void
) async -> Value {
  let run = BodyRun.running
  return await withCheckedContinuation { (continuation: CheckedContinuation<Value, Never>) in
    register { value in
      run?.resumed()  // before the body runs again: the scope has work until it does
      continuation.resume(returning: value)
    }
    run?.suspended()
  }
}
