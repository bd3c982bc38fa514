import Foundation
import KMPNativeCoroutinesCore
import KotlinBridge
import KotlinTestDoubles

/// A suspend function as a ``NativeSuspend``, as KMP-NativeCoroutines' `nativeSuspend { }` makes it —
/// what the `@NativeCoroutines` Gradle plugin generates for a `suspend fun`. Use it in a fake Kotlin
/// module to expose suspend functions the way the real module does.
///
/// Each call of the returned function launches `block` as a Kotlin job in the caller's runtime scope
/// (on the runtime's threads and clock, counted by the leak check; ``delay(_:)`` inside runs on the
/// scope's clock) and reports exactly one outcome:
/// - `onResult(value)` when `block` returns;
/// - `onError(error)` when it throws — an `NSError` as on iOS (domain `"KotlinException"`, the message as
///   `localizedDescription`, the exception (an ``ExportedKotlinPackages/kotlin/Throwable``) under
///   `userInfo["KotlinException"]`); throw a `Throwable` subclass to choose the Kotlin class;
/// - `onCancelled(error)` when the returned ``NativeCancellable`` (or the scope) cancelled the job,
///   once `block` has stopped (its `defer` blocks ran) — `block` sees `CancellationError` at its next
///   `delay`.
///
/// ```swift
/// // Kotlin: @NativeCoroutines suspend fun refresh(): List<String>
/// public func refresh() -> NativeSuspend<[String], Error, KotlinUnit> {
///   nativeSuspend {
///     try await delay(1_000)
///     return ["Welcome", "Maintenance tonight"]
///   }
/// }
/// ```
public func nativeSuspend<Result>(
  _ block: @escaping @Sendable () async throws -> Result
) -> NativeSuspend<Result, any Error, KotlinUnit> {
  { onResult, onError, onCancelled in
    let callbacks = NativeCallbacks<Result, any Error>(onValue: onResult, onError: onError, onCancelled: onCancelled)
    let job = kotlinLaunch(
      {
        do {
          let value = try await block()
          _ = callbacks.onValue(value, KotlinUnit.shared)
        } catch is CancellationError {
          throw CancellationError()  // reported by the completion handler, as Kotlin's invokeOnCompletion does
        } catch {
          _ = callbacks.onError(NativeError.from(error), KotlinUnit.shared)
        }
      },
      onCompletion: { outcome in
        switch outcome {
        case .cancelled: _ = callbacks.onCancelled(NativeError.cancellation, KotlinUnit.shared)
        case .completed, .failed: break  // the job reported its result or error itself
        }
      })
    return {
      job.cancel()
      return KotlinUnit.shared
    }
  }
}
