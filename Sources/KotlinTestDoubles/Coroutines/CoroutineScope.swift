import KotlinBridge

/// Kotlin's `CoroutineScope`: where a fake starts Kotlin coroutines (`viewModelScope`, an app-wide
/// scope, `MainScope()`), so that every job it starts runs in the Kotlin runtime: counted by the leak
/// check, on the test's clock (virtual time), waited for by `settle()`, cancelled like Kotlin.
///
/// ```swift
/// final class SearchViewModel: KotlinObject, @unchecked Sendable {
///   private let scope = CoroutineScope(job: SupervisorJob())
///   let results = MutableStateFlow<[String]>([])
///
///   func search(_ query: String) {
///     scope.launch { [results] in
///       try await delay(300)
///       results.value = ["\(query) 1", "\(query) 2"]
///     }
///   }
///
///   func onCleared() { scope.cancel() }
/// }
/// ```
///
/// The scope belongs to the runtime scope it is made in (the test's): its jobs run there whatever
/// task starts them, a view's action included.
public final class CoroutineScope: Sendable {
  /// The scope's job (Kotlin's `coroutineContext[Job]`): cancel it to cancel every coroutine.
  public let job: Job
  /// Where the scope's coroutines start (see ``Dispatchers``).
  public let dispatcher: Dispatchers
  private let exceptionHandler: (@Sendable (any Error) -> Void)?

  /// A scope whose coroutines are children of `job` (Kotlin's `CoroutineScope(job + dispatcher +
  /// handler)`).
  ///
  /// - Parameters:
  ///   - job: `Job()` (a failing child cancels the scope) or ``SupervisorJob(parent:)`` (it does not).
  ///   - dispatcher: ``Dispatchers/mainImmediate`` and ``Dispatchers/unconfined`` start a coroutine in
  ///     place (`launch` returns once it first suspends); the others start it on a runtime thread.
  ///   - exceptionHandler: Kotlin's `CoroutineExceptionHandler`: receives an exception that escapes a
  ///     `launch`. Without one, such an exception is reported to the runtime as a crash on iOS.
  public init(
    job: Job = Job(), dispatcher: Dispatchers = .default, exceptionHandler: (@Sendable (any Error) -> Void)? = nil
  ) {
    self.job = job
    self.dispatcher = dispatcher
    self.exceptionHandler = exceptionHandler
  }

  /// Whether the scope's job is active (Kotlin's `isActive`).
  public var isActive: Bool { job.isActive }

  /// Kotlin's `scope.cancel()`: cancels every coroutine of the scope; later launches start cancelled.
  public func cancel() { job.cancel() }

  /// Kotlin's `launch { }`: starts `body` as a Kotlin coroutine, a child of the scope's job.
  ///
  /// The body runs on the runtime's threads like `kotlinSuspend { }`'s: ``delay(_:)`` is on the
  /// scope's clock, cancellation arrives as `CancellationError` at its next suspension, and an error
  /// escaping it is uncaught (see ``Job``). In a cancelled scope the body never runs.
  @discardableResult
  public func launch(_ body: @escaping @Sendable () async throws -> Void) -> Job {
    let child = Job(parent: job, isSupervisor: false, hasBody: true, uncaughtHandler: exceptionHandler)
    start(child, body)
    return child
  }

  /// Kotlin's `async { }`: like ``launch(_:)``, with the body's value for ``Deferred/await()``.
  public func async<Value: Sendable>(_ body: @escaping @Sendable () async throws -> Value) -> Deferred<Value> {
    let child = Deferred<Value>(parent: job, isSupervisor: false, hasBody: true, uncaughtHandler: exceptionHandler)
    start(child) { [weak child] in
      let value = try await body()
      child?.setResult(value)
    }
    return child
  }

  private func start(_ child: Job, _ body: @escaping @Sendable () async throws -> Void) {
    guard child.isActive else {
      child.bodyEnded(CancellationError())  // launched into a cancelled scope: never runs
      return
    }
    let launched = KotlinRuntimeScope.$current.withValue(child.runtimeScope ?? KotlinRuntimeScope.current) {
      kotlinLaunch(undispatched: dispatcher.startsInPlace, body) { [child] outcome in
        switch outcome {
        case .completed: child.bodyEnded(nil)
        case .failed(let throwable): child.bodyEnded(throwable)
        case .cancelled: child.bodyEnded(CancellationError())
        }
      }
    }
    child.bodyStarted { launched.cancel() }
  }
}

/// Kotlin's `MainScope()`: a supervisor scope on ``Dispatchers/main``.
public func MainScope() -> CoroutineScope { CoroutineScope(job: SupervisorJob(), dispatcher: .main) }

/// Kotlin's `coroutineScope { }`: runs `body` with a scope whose coroutines it waits for before
/// returning; a failing child cancels the others, and the first failure is thrown once all have ended.
///
/// Differs from Kotlin: `body` itself is not cancelled by a failing child (it runs in the caller's
/// task, which only the caller can cancel); the failure is thrown when `body` returns.
public func coroutineScope<Result: Sendable>(
  _ body: (CoroutineScope) async throws -> Result
) async throws -> Result {
  // A child's failure is the scope's to throw, not an uncaught exception.
  try await runScoped(
    CoroutineScope(job: Job(parent: nil, isSupervisor: false, hasBody: false, uncaughtHandler: { _ in })), body)
}

/// Kotlin's `supervisorScope { }`: like ``coroutineScope(_:)``, but a failing child does not cancel
/// the others, and its exception is uncaught (reported as a crash on iOS) as in Kotlin.
public func supervisorScope<Result: Sendable>(
  _ body: (CoroutineScope) async throws -> Result
) async throws -> Result {
  try await runScoped(CoroutineScope(job: SupervisorJob()), body)
}

/// Runs `body` with `scope` in the caller's task, then waits for the scope's coroutines however `body`
/// ended (they end before the scope does, as in Kotlin): `body`'s error, else the scope's failure or
/// cancellation, is thrown once they have.
private func runScoped<Result: Sendable>(
  _ scope: CoroutineScope, _ body: (CoroutineScope) async throws -> Result
) async throws -> Result {
  let result: Result
  do {
    // Cancelling the caller cancels the children at once, as cancelling Kotlin's caller would.
    result = try await withTaskCancellationHandler {
      try await body(scope)
    } onCancel: {
      scope.cancel()
    }
  } catch {
    scope.job.cancel(cause: error, failed: !(error is CancellationError))
    try await scope.job.join(cancellable: false)
    throw error
  }
  scope.job.complete()
  try await scope.job.join(cancellable: false)
  if let cause = scope.job.completionCause { throw cause }
  return result
}

/// Kotlin's coroutine dispatchers. Every coroutine's code runs on the runtime's own threads (as Kotlin
/// code runs on its dispatcher's), so a dispatcher decides only how a coroutine starts:
/// - ``mainImmediate`` (androidx's `viewModelScope`) and ``unconfined`` run it in place: `launch`
///   returns once the body has reached its first suspension, so what it does first is done, as when
///   Kotlin launches from the main thread. The launching thread waits for that; a body that awaits the
///   main actor before its first suspension would wait for a main-actor launcher (hop after a
///   suspension instead).
/// - ``main``, ``default`` and ``io`` dispatch it: the body starts on a runtime thread while the
///   launcher goes on (the two race, as in Kotlin; `settle()` and the leak check wait for it).
public enum Dispatchers: Sendable {
  case main, mainImmediate, `default`, io, unconfined

  var startsInPlace: Bool { self == .mainImmediate || self == .unconfined }
}

/// Kotlin's `withContext(dispatcher) { }`: runs `body` in place (see ``Dispatchers``).
public func withContext<Result: Sendable>(
  _ dispatcher: Dispatchers, _ body: () async throws -> Result
) async throws -> Result {
  try await body()
}
