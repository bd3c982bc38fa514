import KotlinBridge

/// Kotlin's `Throwable` under its Objective-C export name: `message`, `cause`, the class name; a
/// fake's suspend function throws one (or a subclass) and the app catches it.
public typealias KotlinThrowable = ExportedKotlinPackages.kotlin.Throwable
/// Kotlin's `Exception`.
public typealias KotlinException = ExportedKotlinPackages.kotlin.Exception
/// Kotlin's `RuntimeException`.
public typealias KotlinRuntimeException = ExportedKotlinPackages.kotlin.RuntimeException
/// Kotlin's `IllegalStateException`.
public typealias KotlinIllegalStateException = ExportedKotlinPackages.kotlin.IllegalStateException
/// Kotlin's `IllegalArgumentException`.
public typealias KotlinIllegalArgumentException = ExportedKotlinPackages.kotlin.IllegalArgumentException

extension ExportedKotlinPackages.kotlin.Throwable {
  /// Objective-C export's `asError()`: the throwable as a Swift `Error` (it already is one here).
  public func asError() -> any Error { self }
}
/// Kotlin's `CancellationException` (`Job.cancel(cause:)` takes one).
public typealias KotlinCancellationException = ExportedKotlinPackages.kotlin.coroutines.cancellation
  .CancellationException
