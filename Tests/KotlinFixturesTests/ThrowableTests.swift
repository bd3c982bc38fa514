import KotlinStdlib
import Testing

/// The exception classes on their own: Kotlin's constructors and hierarchy, the registry by Kotlin
/// class name, the deprecated `KotlinException` alias and the older bridge's `KotlinError`.
@Suite("Throwable and the exception registry")
struct ThrowableTests {
  typealias kotlin = ExportedKotlinPackages.kotlin

  @Test("Kotlin's constructors: (), (message), (message, cause), (cause)")
  func constructors() {
    #expect(kotlin.UnsupportedOperationException().toString() == "kotlin.UnsupportedOperationException")
    let cause = kotlin.ArithmeticException(message: "/ by zero")
    #expect(kotlin.Exception(message: "m", cause: cause).cause === cause)
    // Kotlin's Throwable(cause) takes the cause's toString() as its message.
    let wrapped = kotlin.RuntimeException(cause: cause)
    #expect(wrapped.message == "kotlin.ArithmeticException: / by zero")
    #expect(wrapped.className == "kotlin.RuntimeException")
    #expect(kotlin.Throwable(message: nil).toString() == "kotlin.Throwable")
  }

  @Test(
    "Kotlin's hierarchy",
    arguments: [
      (kotlin.Exception.self as kotlin.Throwable.Type, kotlin.Throwable.self as kotlin.Throwable.Type),
      (kotlin.RuntimeException.self, kotlin.Exception.self),
      (kotlin.IllegalStateException.self, kotlin.RuntimeException.self),
      (kotlin.IllegalArgumentException.self, kotlin.RuntimeException.self),
      (kotlin.UnsupportedOperationException.self, kotlin.RuntimeException.self),
      (kotlin.IndexOutOfBoundsException.self, kotlin.RuntimeException.self),
      (kotlin.NullPointerException.self, kotlin.RuntimeException.self),
      (kotlin.ArithmeticException.self, kotlin.RuntimeException.self),
      (kotlin.coroutines.cancellation.CancellationException.self, kotlin.IllegalStateException.self),
      (kotlin.Error.self, kotlin.Throwable.self),
    ])
  func hierarchy(type: kotlin.Throwable.Type, superclass: kotlin.Throwable.Type) {
    #expect(_getSuperclass(type) == superclass)
    #expect(type.kotlinClassName.hasPrefix("kotlin."))
  }

  @Test(
    "a known Kotlin class name makes an instance of its class",
    arguments: [
      "kotlin.Throwable", "kotlin.Exception", "kotlin.RuntimeException", "kotlin.IllegalStateException",
      "kotlin.IllegalArgumentException", "kotlin.UnsupportedOperationException", "kotlin.IndexOutOfBoundsException",
      "kotlin.NullPointerException", "kotlin.ArithmeticException", "kotlin.Error",
      "kotlin.coroutines.cancellation.CancellationException",
    ])
  func exactClassByName(name: String) {
    let error = kotlin.Throwable.make(kotlinClassName: name, message: "m")
    #expect(type(of: error).kotlinClassName == name)
    #expect(error.className == name)
  }

  @Test("a class without a Swift class arrives as its nearest known superclass, keeping its name")
  func nearestSuperclass() {
    let timeout = kotlin.Throwable.make(
      kotlinClassName: "kotlinx.coroutines.TimeoutCancellationException", message: "Timed out waiting for 100 ms")
    #expect(type(of: timeout) == kotlin.coroutines.cancellation.CancellationException.self)
    #expect(timeout.className == "kotlinx.coroutines.TimeoutCancellationException")
    #expect(timeout.simpleClassName == "TimeoutCancellationException")
    #expect(
      kotlin.Throwable.make(kotlinClassName: "kotlin.NoSuchElementException", message: nil) is kotlin.RuntimeException)
    #expect(
      kotlin.Throwable.make(kotlinClassName: "kotlin.NumberFormatException", message: nil)
        is kotlin.IllegalArgumentException)
    #expect(kotlin.Throwable.make(kotlinClassName: "kotlin.NotImplementedError", message: nil) is kotlin.Error)
  }

  @Test("an unknown class arrives as Throwable, keeping its name")
  func unknownClass() {
    let error = kotlin.Throwable.make(kotlinClassName: "io.ktor.client.plugins.ServerResponseException", message: "503")
    #expect(type(of: error) == kotlin.Throwable.self)
    #expect(error.className == "io.ktor.client.plugins.ServerResponseException")
    #expect(error.toString() == "io.ktor.client.plugins.ServerResponseException: 503")
  }

  @Test("KotlinError(wrapped:), as older Swift export threw, describes the wrapped exception")
  func kotlinError() {
    let exception = kotlin.IllegalStateException(message: "closed")
    let error = KotlinError(wrapped: exception)
    #expect(error.wrapped === exception)
    #expect(error.description == "kotlin.IllegalStateException: closed")
  }

  @Test("the deprecated KotlinException is the Throwable class, with its old members")
  func deprecatedAlias() {
    // Called through a protocol, so this test of a deprecated API compiles without a warning.
    let probe: any LegacyKotlinExceptionProbe = LegacyKotlinExceptionCode()
    let error = kotlin.IllegalStateException(message: "Flow has failed")
    #expect(probe.classAndMessage(of: error) == "kotlin.IllegalStateException|Flow has failed")
    #expect(probe.classAndMessage(of: CancellationError()) == nil)
    let made = probe.make(className: "java.io.IOException", message: "offline")
    #expect(type(of: made) == kotlin.Throwable.self)
    #expect(made.toString() == "java.io.IOException: offline")
  }
}

/// Code written against the old `KotlinException` struct.
private protocol LegacyKotlinExceptionProbe {
  func classAndMessage(of error: any Error) -> String?
  func make(className: String, message: String?) -> ExportedKotlinPackages.kotlin.Throwable
}

private struct LegacyKotlinExceptionCode: LegacyKotlinExceptionProbe {
  @available(*, deprecated)
  func classAndMessage(of error: any Error) -> String? {
    guard let exception = error as? KotlinException else { return nil }
    return "\(exception.className)|\(exception.message ?? "")"
  }

  @available(*, deprecated)
  func make(className: String, message: String?) -> ExportedKotlinPackages.kotlin.Throwable {
    KotlinException(className: className, message: message)
  }
}
