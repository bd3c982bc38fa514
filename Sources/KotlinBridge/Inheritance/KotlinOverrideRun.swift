import CInterop
import Locking

/// One reverse call: a Kotlin coroutine awaiting a Swift override, which runs in a task of its own
/// (in the Kotlin runtime scope of the coroutine's job). The task ends the call with
/// `shared_OverrideCall_finish`: the value, the error (as a Kotlin throwable), or the cancellation.
/// The runtime cancels the run when the Kotlin coroutine is cancelled, and releases it (`end`) once
/// it took the outcome.
final class KotlinOverrideRun: Sendable {
  private let call: shared_OverrideCall
  private let state = Locked(State())

  private struct State {
    var task: Task<Void, Never>?
    var cancelled = false
  }

  init(call: shared_OverrideCall) { self.call = call }

  func launch(_ operation: @escaping @Sendable () async throws -> KotlinOverrideValue) {
    let scope = KotlinRuntimeScope.currentOnThisThread()
    let call = self.call
    let task = Task {
      let result: Result<KotlinOverrideValue, any Error>
      do {
        result = .success(try await KotlinRuntimeScope.$current.withValue(scope) { try await operation() })
      } catch {
        result = .failure(error)
      }
      Self.finish(call, result)
    }
    let cancelledBefore = state.withLock { state in
      state.task = task
      return state.cancelled
    }
    if cancelledBefore { task.cancel() }
  }

  /// The Kotlin coroutine was cancelled: cancel the override's task (it still finishes).
  func cancel() {
    let task = state.withLock { state in
      state.cancelled = true
      return state.task
    }
    task?.cancel()
  }

  private static func finish(_ call: shared_OverrideCall, _ result: Result<KotlinOverrideValue, any Error>) {
    var outcome = shared_Outcome()
    switch result {
    case .success(let value):
      outcome.kind = Int32(shared_TerminalKind_completed.rawValue)
      value.encode { encoded in
        outcome.value = encoded.pointee
        _ = shared_OverrideCall_finish(call, &outcome)
      }
      return
    case .failure(is CancellationError):
      outcome.kind = Int32(shared_TerminalKind_cancelled.rawValue)
    case .failure(let error):
      outcome.kind = Int32(shared_TerminalKind_failed.rawValue)
      outcome.throwable = kotlinThrowable(for: error)
    }
    _ = shared_OverrideCall_finish(call, &outcome)
  }

  /// The error as a Kotlin throwable (owned by the caller): a Kotlin `Throwable` keeps its class and
  /// message (and comes back as its Swift class); any other Swift error is carried
  /// (``SwiftErrorCarrier``), to come back to Swift as itself.
  private static func kotlinThrowable(for error: any Error) -> shared_kref_kotlin_Throwable {
    let exception = error as? ExportedKotlinPackages.kotlin.Throwable ?? SwiftErrorCarrier.carry(error)
    return exception.newThrowable()
  }
}
