import KMPNativeCoroutinesCore
import KotlinBridge
import Locking

/// Awaits a ``NativeSuspend`` as an async function (KMP-NativeCoroutines' `asyncFunction(for:)`).
///
/// The call starts at once. Cancelling the task cancels the Kotlin job; this then throws
/// `CancellationError` once Kotlin confirms (its `finally` blocks ran). A Kotlin exception is thrown
/// as the `NSError` Kotlin made (domain `"KotlinException"`, the message as `localizedDescription`).
///
/// ```swift
/// let handle = Task {
///   do {
///     let letters = try await asyncFunction(for: generator.getRandomLetters())
///     print("Got random letters: \(letters)")
///   } catch {
///     print("Failed with error: \(error)")
///   }
/// }
/// handle.cancel()  // cancels the suspend function
/// ```
///
/// - Parameter nativeSuspend: The native suspend function to await.
/// - Returns: The result from `nativeSuspend`.
/// - Throws: The error from `nativeSuspend`, or `CancellationError`.
public func asyncFunction<Result, Failure: Error, Unit>(
  for nativeSuspend: @escaping NativeSuspend<Result, Failure, Unit>,
  isolation: isolated (any Actor)? = #isolation
) async throws -> Result {
  try await NativeSuspendCall(nativeSuspend: nativeSuspend).result(isolation: isolation)
}

/// Awaits a ``NativeSuspend`` of a Kotlin function returning `Unit` (KMP-NativeCoroutines'
/// `asyncFunction(for:)` for `Unit`).
///
/// ```swift
/// try await asyncFunction(for: viewModel.refresh())
/// ```
///
/// - Parameter nativeSuspend: The native suspend function to await.
/// - Throws: The error from `nativeSuspend`, or `CancellationError`.
public func asyncFunction<Unit, Failure: Error>(
  for nativeSuspend: @escaping NativeSuspend<Unit, Failure, Unit>,
  isolation: isolated (any Actor)? = #isolation
) async throws {
  _ = try await NativeSuspendCall(nativeSuspend: nativeSuspend).result(isolation: isolation)
}

/// One started ``NativeSuspend`` call: its callbacks, its outcome and the task that awaits it.
final class NativeSuspendCall<Result, Failure: Error, Unit>: @unchecked Sendable {
  // @unchecked Sendable: everything mutable is inside `state`, a Locked; continuations and the
  // cancellable are only called outside it.
  private let state = Locked(CallState())
  private let turn = KotlinTurn.current()

  private struct CallState: @unchecked Sendable {
    // @unchecked Sendable: only ever used inside the Locked.
    var cancellable: NativeCancellable<Unit>?
    var cancelBeforeStart = false
    var outcome: Swift.Result<UncheckedBox<Result>, any Error>?
    var waiting: CheckedContinuation<UncheckedBox<Result>, any Error>?
    /// The outcome was handed to the waiting task by a callback (a handoff to count as picked up).
    var handedOver = false
  }

  init(nativeSuspend: NativeSuspend<Result, Failure, Unit>) {
    let cancellable = nativeSuspend(
      { result, unit in
        self.finish(.success(UncheckedBox(value: result)))
        return unit
      },
      { error, unit in
        self.finish(.failure(error))
        return unit
      },
      { _, unit in
        self.finish(.failure(CancellationError()))
        return unit
      })
    let cancelNow = state.withLock { state -> Bool in
      if state.outcome == nil, !state.cancelBeforeStart { state.cancellable = cancellable }
      return state.cancelBeforeStart && state.outcome == nil
    }
    if cancelNow { _ = cancellable() }
  }

  func result(isolation: isolated (any Actor)?) async throws -> Result {
    KotlinWaitObserver.willWait()
    defer {
      if state.withLock({ $0.handedOver }) { turn.pickedUp() }
    }
    let box = try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation(isolation: isolation) {
        (continuation: CheckedContinuation<UncheckedBox<Result>, any Error>) in
        let outcome = state.withLock { state -> Swift.Result<UncheckedBox<Result>, any Error>? in
          if let outcome = state.outcome { return outcome }
          state.waiting = continuation
          return nil
        }
        if let outcome { continuation.resume(with: outcome) }
      }
    } onCancel: {
      let cancel = state.withLock { state -> NativeCancellable<Unit>? in
        defer { state.cancellable = nil }
        if state.cancellable == nil, state.outcome == nil { state.cancelBeforeStart = true }
        return state.cancellable
      }
      if let cancel { _ = cancel() }
    }
    return box.value
  }

  private func finish(_ outcome: Swift.Result<UncheckedBox<Result>, any Error>) {
    let waiting = state.withLock { state -> CheckedContinuation<UncheckedBox<Result>, any Error>? in
      guard state.outcome == nil else { return nil }  // the first outcome wins, as in the library
      state.outcome = outcome
      state.cancellable = nil
      defer { state.waiting = nil }
      if state.waiting != nil { state.handedOver = true }
      return state.waiting
    }
    guard let waiting else { return }
    turn.handoffs.handedOver()
    waiting.resume(with: outcome)
  }
}
