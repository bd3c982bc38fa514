import CInterop

/// A Kotlin exception received in a `failed` terminal event or outcome, copied into Swift.
struct Failure: Sendable, Hashable, CustomStringConvertible {
  var className: String?
  var message: String?
  /// `IsInstance(throwable, Throwable._type())`, asked before the kref was released.
  var isThrowable = true

  static func illegalState(_ message: String) -> Failure {
    Failure(className: "kotlin.IllegalStateException", message: message)
  }

  static func illegalArgument(_ message: String?) -> Failure {
    Failure(className: "kotlin.IllegalArgumentException", message: message)
  }

  /// Reads a received throwable, then disposes it (or appends it to `kept` when `keep` is true).
  init?(_ throwable: ThrowableRef, keep: Bool, kept: inout [Token]) {
    guard !throwable.isNull else { return nil }
    className = Kotlin.Throwable.className(throwable)
    message = Kotlin.Throwable.message(throwable)
    isThrowable = Kotlin.isInstance(throwable, of: Kotlin.Throwable.type)
    if keep { kept.append(throwable.token) } else { Kotlin.dispose(throwable) }
  }

  init(className: String?, message: String?) {
    self.className = className
    self.message = message
  }

  var description: String {
    "\(className ?? "<no class>")(\(message.map { "\"\($0)\"" } ?? "null"))"
      + (isThrowable ? "" : " <not a Throwable>")
  }
}
