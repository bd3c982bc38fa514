import Foundation
import KMPNativeCoroutinesCore
import KotlinBridge
import KotlinTestDoubles

extension KotlinTypedFlow {
  /// This flow as a ``NativeFlow``, as KMP-NativeCoroutines' `asNativeFlow()` makes it — what the
  /// `@NativeCoroutines` Gradle plugin generates for a `Flow` property or function. Use it in a fake
  /// Kotlin module to expose flows the way the real module does.
  ///
  /// Each call of the returned function launches a Kotlin job in the caller's runtime scope (on the
  /// runtime's threads and clock, counted by the leak check) that collects this flow:
  /// - each item goes to `onItem`, and the collector then waits — ignoring cancellation, like
  ///   Kotlin's `suspendCoroutine` — until Swift calls `next`;
  /// - completion calls `onComplete(nil)`, a Kotlin exception `onComplete(error)`;
  /// - cancelling (the returned ``NativeCancellable``) cancels the job; once its `finally` blocks ran,
  ///   `onCancelled(error)` follows with Kotlin's `JobCancellationException`.
  ///
  /// Errors are `NSError`s as on iOS: domain `"KotlinException"`, the message as
  /// `localizedDescription`, the exception (an ``ExportedKotlinPackages/kotlin/Throwable``) under
  /// `userInfo["KotlinException"]`.
  ///
  /// A `next` callback that Swift releases without calling would leave the Kotlin job suspended for
  /// good on iOS; here it is reported as a misuse (the leak check fails with what happened) and the
  /// job ends as cancelled.
  ///
  /// ```swift
  /// public final class ClockViewModel: KotlinObject, @unchecked Sendable {
  ///   private let mutableTime = MutableStateFlow<Int64>(0)
  ///   // Kotlin: @NativeCoroutines val time: StateFlow<Long>
  ///   public var time: NativeFlow<Int64, Error, KotlinUnit> { mutableTime.asNativeFlow() }
  ///   // and the `timeValue` property the plugin generates for a StateFlow
  ///   public var timeValue: Int64 { mutableTime.value }
  /// }
  /// ```
  public func asNativeFlow() -> NativeFlow<Element, any Error, KotlinUnit> {
    let flow = self
    return { onItem, onComplete, onCancelled in
      let item = NativeItemCallback(onItem: onItem)
      let callbacks = NativeCallbacks<(any Error)?, any Error>(
        onValue: onComplete, onError: onCancelled, onCancelled: onCancelled)
      let scope = KotlinRuntimeScope.current
      let job = kotlinLaunch(
        {
          do {
            for try await element in flow.asAsyncSequence() {
              // Kotlin's SafeCollector checks for cancellation before the collector sees an item.
              try Task.checkCancellation()
              let outcome = await suspendBodyNonCancellably { (resume: @escaping @Sendable (NextOutcome) -> Void) in
                let next = NextCallback(item: "\(element)", scope: scope, resume: resume)
                _ = item.onItem(
                  element,
                  {
                    next.call()
                    return KotlinUnit.shared
                  }, KotlinUnit.shared)
              }
              if case .abandoned = outcome { throw CancellationError() }
            }
            _ = callbacks.onValue(nil, KotlinUnit.shared)
          } catch is CancellationError {
            throw CancellationError()  // reported by the completion handler, as Kotlin's invokeOnCompletion does
          } catch {
            _ = callbacks.onValue(NativeError.from(error), KotlinUnit.shared)
          }
        },
        onCompletion: { outcome in
          switch outcome {
          case .cancelled: _ = callbacks.onCancelled(NativeError.cancellation, KotlinUnit.shared)
          case .completed, .failed: break  // a failure was reported by the job itself
          }
        })
      return {
        job.cancel()
        return KotlinUnit.shared
      }
    }
  }
}
