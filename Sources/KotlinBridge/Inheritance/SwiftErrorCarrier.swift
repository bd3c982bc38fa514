import Locking

/// Swift errors on their way through Kotlin: an override that throws a Swift error (not a Kotlin
/// `Throwable`) hands Kotlin an exception of class ``className`` whose message is the error's
/// description; when that exception comes back to Swift, ``unwrap(_:)`` gives the original error
/// itself, as Swift export's `SwiftError` box does.
///
/// The error waits here, under the number its message ends with, until it comes back; one that Kotlin
/// swallows stays until 1024 newer ones have crossed.
///
/// ```swift
/// do { try await callBoom(t: thrower) } catch { throw SwiftErrorCarrier.unwrap(error) }
/// ```
package enum SwiftErrorCarrier {
  /// The Kotlin class of a carried Swift error.
  package static let className = "kotlin.native.internal.SwiftError"

  private static let limit = 1024
  private static let waiting = Locked(Waiting())

  private struct Waiting {
    var errors: [UInt64: any Error] = [:]
    var order: [UInt64] = []
    var next: UInt64 = 0
  }

  /// The Kotlin exception (class and message) that carries `error`.
  static func carry(_ error: any Error) -> ExportedKotlinPackages.kotlin.Throwable {
    let number = waiting.withLock { waiting in
      waiting.next += 1
      waiting.errors[waiting.next] = error
      waiting.order.append(waiting.next)
      if waiting.order.count > limit { waiting.errors[waiting.order.removeFirst()] = nil }
      return waiting.next
    }
    return ExportedKotlinPackages.kotlin.Throwable.make(
      kotlinClassName: className, message: "\(String(describing: error)) (Swift error #\(number))")
  }

  /// The Swift error `error` carries, if it is such an exception coming back; otherwise `error`.
  package static func unwrap(_ error: any Error) -> any Error {
    guard let exception = error as? ExportedKotlinPackages.kotlin.Throwable, exception.className == className,
      let message = exception.message, let open = message.range(of: " (Swift error #", options: .backwards),
      message.hasSuffix(")"), let number = UInt64(message[open.upperBound..<message.index(before: message.endIndex)])
    else { return error }
    return waiting.withLock { waiting in
      guard let original = waiting.errors.removeValue(forKey: number) else { return error }
      waiting.order.removeAll { $0 == number }
      return original
    }
  }
}
