import CInterop
import KotlinBridge
import Locking

/// One run of a Swift body (a `flow { }` collection, or a `kotlinSuspend { }` call) as a Kotlin job.
///
/// The runtime starts the run on a worker (`start`), the body runs in a Swift task of its own, and
/// each `emit` / `delay` is a suspension the runtime carries out and ends with `resume`. The runtime
/// resumes each suspension exactly once (with cancellation when the job is cancelled), so the
/// continuation here is always resumed, and never under the lock.
final class BodyRun: KotlinCallerActivity, @unchecked Sendable {
  // @unchecked Sendable: `driver` is immutable; everything mutable is inside `state` (a Locked).
  @TaskLocal static var current: BodyRun?

  let driver: shared_Driver
  private let state = Locked(State())
  /// Where the body's task runs; held here too, so it outlives the task whether or not the task
  /// retains its executor preference.
  private let executor = BodyExecutor()

  private struct State {
    /// Called once, when the body first suspends or ends (an undispatched start waits for it).
    var firstSuspension: (@Sendable () -> Void)?
    var task: Task<Void, Never>?
    var continuation: CheckedContinuation<Void, any Error>?
    var cancelledBeforeTask = false
  }

  init(driver: shared_Driver) { self.driver = driver }

  /// The run whose body is the current task itself; `nil` in a task the body started (`Task { }`,
  /// `async let`, a task group), which inherits `current` but is not the Kotlin coroutine.
  static var running: BodyRun? { KotlinCaller.activity as? BodyRun }

  /// Why a Kotlin suspension (`what`) cannot run in the current task, or `nil` when it can.
  static func notInBody(_ what: String) -> KotlinTestDoubleError? {
    if running != nil { return nil }
    if current != nil {
      return KotlinTestDoubleError(
        "\(what) was called from a Swift task that a Kotlin body started (Task { }, async let or a task group), "
          + "which is not a Kotlin coroutine: start concurrent Kotlin work with launch { } or async { } of a "
          + "CoroutineScope (or coroutineScope { scope in scope.launch { … } }), whose bodies are coroutines")
    }
    return KotlinTestDoubleError(
      "\(what) was called outside a Kotlin body: call it inside flow { }, kotlinSuspend { } or a launched job, "
        + "where it runs on the Kotlin scope's clock")
  }

  /// Calls `action` once, when the body first suspends or ends; set it before ``launch(_:)``.
  func onFirstSuspension(_ action: @escaping @Sendable () -> Void) {
    state.withLock { $0.firstSuspension = action }
  }

  private func reachedSuspension() {
    let action = state.withLock { state in
      defer { state.firstSuspension = nil }
      return state.firstSuspension
    }
    action?()
  }

  /// Starts the body in its own task, in the scope of the job that runs it.
  func launch(_ body: @escaping @Sendable () async throws -> shared_Outcome.Result) {
    let scope = KotlinRuntimeScope.currentOnThisThread()
    let task = Task(executorPreference: executor) {
      let result: shared_Outcome.Result
      do {
        result = try await KotlinRuntimeScope.$current.withValue(scope) {
          try await BodyRun.$current.withValue(self) {
            try await KotlinCaller.withActivity(self) { try await body() }
          }
        }
      } catch is CancellationError {
        result = .cancelled
      } catch {
        result = .failed(ExportedKotlinPackages.kotlin.Throwable.crossing(error))
      }
      self.finish(result, scope: scope)
    }
    let cancelled = state.withLock { state in
      state.task = task
      return state.cancelledBeforeTask
    }
    if cancelled { task.cancel() }
  }

  /// Suspends the body until the runtime resumes it; `post` hands the runtime the request.
  func suspend(_ what: String, _ post: (shared_Driver) -> shared_Status) async throws {
    try Task.checkCancellation()  // a cancelled coroutine's emit / delay throws at once
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
      state.withLock { $0.continuation = continuation }  // before posting: the resume may come at once
      let status = post(driver)
      reachedSuspension()
      guard status != shared_Status_ok else { return }
      let refused = state.withLock { state in
        defer { state.continuation = nil }
        return state.continuation
      }
      let reason = KotlinABI.refusalReason(status)
      // A value Kotlin cannot hold fails as Kotlin fails a bad argument, as a refused result does (finish).
      let error: any Error =
        status == shared_Status_invalidArgument
        ? Self.cannotCross(what, reason)
        : KotlinInteropError(code: .refused, message: "\(what) was refused by the Kotlin runtime: \(reason)")
      refused?.resume(throwing: error)
    }
  }

  /// The runtime ended the pending suspension.
  func resume(cancelled: Bool) {
    let continuation = state.withLock { state in
      defer { state.continuation = nil }
      return state.continuation
    }
    if cancelled {
      continuation?.resume(throwing: CancellationError())
    } else {
      continuation?.resume()
    }
  }

  /// The runtime cancelled the job while the body was running.
  func cancel() {
    let task = state.withLock { state in
      if state.task == nil { state.cancelledBeforeTask = true }
      return state.task
    }
    task?.cancel()
  }

  func suspended() {
    _ = shared_Driver_awaitingKotlin(driver, true)
    reachedSuspension()
  }
  func resumed() { _ = shared_Driver_awaitingKotlin(driver, false) }

  private func finish(_ result: shared_Outcome.Result, scope: KotlinRuntimeScope?) {
    reachedSuspension()
    var status = shared_Status_ok
    result.withOutcome { outcome in
      withUnsafePointer(to: outcome) { status = shared_Driver_finish(driver, $0) }
    }
    guard status == shared_Status_invalidArgument, case .completed = result else { return }
    // The runtime refused the body's result (a value Kotlin cannot hold, such as a map with two NaN
    // keys) and charged a misuse to the body's scope. The call must still end, or its caller would
    // wait forever: it fails with an exception that says why.
    finish(
      .failed(Self.cannotCross("the value the body returned", KotlinABI.refusalReason(status, in: scope))),
      scope: scope)
  }

  /// How a body's value that Kotlin cannot hold fails: as Kotlin fails a bad argument.
  private static func cannotCross(_ what: String, _ reason: String) -> ExportedKotlinPackages.kotlin.Throwable {
    ExportedKotlinPackages.kotlin.IllegalArgumentException(message: "\(what) cannot cross into Kotlin: \(reason)")
  }
}

extension shared_Outcome {
  /// How a body ended, before it is encoded for the runtime.
  enum Result: Sendable {
    case completed(@Sendable ((UnsafePointer<shared_Value>) -> Void) -> Void)
    case failed(ExportedKotlinPackages.kotlin.Throwable)
    case cancelled

    func withOutcome(_ body: (shared_Outcome) -> Void) {
      var outcome = shared_Outcome()
      switch self {
      case .completed(let encode):
        outcome.kind = Int32(shared_TerminalKind_completed.rawValue)
        encode { value in
          outcome.value = value.pointee
          body(outcome)
        }
      case .failed(let exception):
        outcome.kind = Int32(shared_TerminalKind_failed.rawValue)
        outcome.throwable = exception.newThrowable()
        body(outcome)  // the runtime owns the throwable from here on
      case .cancelled:
        outcome.kind = Int32(shared_TerminalKind_cancelled.rawValue)
        body(outcome)
      }
    }
  }
}

/// The C callbacks of a body; `context` is an `Unmanaged` body object that makes runs.
protocol BodyFactory: AnyObject, Sendable {
  /// Starts the body for a new run (on a worker thread).
  func start(_ run: BodyRun)
}

enum BodyCallbacks {
  /// A `shared_Body` for `factory`. The runtime releases the retain taken here through `release`.
  static func body(_ factory: some BodyFactory) -> shared_Body {
    shared_Body(
      context: Unmanaged.passRetained(factory as AnyObject).toOpaque(),
      start: { context, driver in
        let factory = Unmanaged<AnyObject>.fromOpaque(context!).takeUnretainedValue() as! any BodyFactory
        let run = BodyRun(driver: driver)
        // Retained for the runtime until `end`.
        let pointer = Unmanaged.passRetained(run).toOpaque()
        factory.start(run)
        return pointer
      },
      resume: { run, cancelled in Unmanaged<BodyRun>.fromOpaque(run!).takeUnretainedValue().resume(cancelled: cancelled)
      },
      cancel: { run in Unmanaged<BodyRun>.fromOpaque(run!).takeUnretainedValue().cancel() },
      end: { run in Unmanaged<BodyRun>.fromOpaque(run!).release() },
      release: { context in Unmanaged<AnyObject>.fromOpaque(context!).release() })
  }
}
