import Foundation
import KotlinBridge

/// Kotlin's `Throwable.asNativeError()` in KMP-NativeCoroutines: an `NSError` in the domain
/// `"KotlinException"` with code 0, the exception's message as its localized description, and the
/// exception itself under the user-info key `"KotlinException"` (here an
/// ``ExportedKotlinPackages/kotlin/Throwable``, on iOS a `KotlinThrowable`).
enum NativeError {
  static func from(_ exception: ExportedKotlinPackages.kotlin.Throwable) -> NSError {
    var userInfo: [String: Any] = ["KotlinException": exception]
    if let message = exception.message { userInfo[NSLocalizedDescriptionKey] = message }
    return NSError(domain: "KotlinException", code: 0, userInfo: userInfo)
  }

  /// An error a fake body threw, as the Kotlin exception it stands for.
  static func from(_ error: any Error) -> NSError {
    if let exception = error as? ExportedKotlinPackages.kotlin.Throwable { return from(exception) }
    return from(
      ExportedKotlinPackages.kotlin.Throwable.make(
        kotlinClassName: stableTypeName(of: type(of: error)), message: String(describing: error)))
  }

  /// What `onCancelled` receives when a launched job is cancelled without a cause: Kotlin's
  /// `JobCancellationException` of a `launch`ed coroutine.
  static var cancellation: NSError {
    from(
      ExportedKotlinPackages.kotlin.Throwable.make(
        kotlinClassName: "kotlinx.coroutines.JobCancellationException", message: "StandaloneCoroutine was cancelled"))
  }
}
