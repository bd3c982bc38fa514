// The Kotlin standard library's exception classes that Kotlin code commonly throws, under Kotlin's
// own hierarchy (Kotlin/Native's stdlib: kotlin/Exceptions.kt and kotlin.coroutines.cancellation).
// They are one file because each is only its place in the tree and its Kotlin name; everything
// else is inherited from Throwable. Kotlin classes not declared here arrive as their nearest
// superclass among these (see Throwable+Registry.swift).

extension ExportedKotlinPackages.kotlin {
  /// Kotlin's `kotlin.Exception`: the superclass of the exceptions an application can reasonably catch.
  ///
  /// ```swift
  /// catch let error as ExportedKotlinPackages.kotlin.Exception { show(error.message) }
  /// ```
  open class Exception: Throwable, @unchecked Sendable {
    // @unchecked Sendable: no state beyond Throwable's.
    open override class var kotlinClassName: String { "kotlin.Exception" }
  }

  /// Kotlin's `kotlin.RuntimeException`.
  ///
  /// ```swift
  /// throw ExportedKotlinPackages.kotlin.RuntimeException(message: "unexpected state")
  /// ```
  open class RuntimeException: Exception, @unchecked Sendable {
    // @unchecked Sendable: no state beyond Throwable's.
    open override class var kotlinClassName: String { "kotlin.RuntimeException" }
  }

  /// Kotlin's `kotlin.IllegalStateException` (what `check` and `error()` throw).
  ///
  /// ```swift
  /// catch let error as ExportedKotlinPackages.kotlin.IllegalStateException { print(error.message ?? "") }
  /// ```
  open class IllegalStateException: RuntimeException, @unchecked Sendable {
    // @unchecked Sendable: no state beyond Throwable's.
    open override class var kotlinClassName: String { "kotlin.IllegalStateException" }
  }

  /// Kotlin's `kotlin.IllegalArgumentException` (what `require` throws).
  ///
  /// ```swift
  /// throw ExportedKotlinPackages.kotlin.IllegalArgumentException(message: "Password must not be empty")
  /// ```
  open class IllegalArgumentException: RuntimeException, @unchecked Sendable {
    // @unchecked Sendable: no state beyond Throwable's.
    open override class var kotlinClassName: String { "kotlin.IllegalArgumentException" }
  }

  /// Kotlin's `kotlin.UnsupportedOperationException`.
  ///
  /// ```swift
  /// throw ExportedKotlinPackages.kotlin.UnsupportedOperationException(message: "read-only")
  /// ```
  open class UnsupportedOperationException: RuntimeException, @unchecked Sendable {
    // @unchecked Sendable: no state beyond Throwable's.
    open override class var kotlinClassName: String { "kotlin.UnsupportedOperationException" }
  }

  /// Kotlin's `kotlin.IndexOutOfBoundsException`.
  ///
  /// ```swift
  /// catch is ExportedKotlinPackages.kotlin.IndexOutOfBoundsException { print("no such page") }
  /// ```
  open class IndexOutOfBoundsException: RuntimeException, @unchecked Sendable {
    // @unchecked Sendable: no state beyond Throwable's.
    open override class var kotlinClassName: String { "kotlin.IndexOutOfBoundsException" }
  }

  /// Kotlin's `kotlin.NullPointerException` (what `!!` on null throws).
  ///
  /// ```swift
  /// catch is ExportedKotlinPackages.kotlin.NullPointerException { print("missing value") }
  /// ```
  open class NullPointerException: RuntimeException, @unchecked Sendable {
    // @unchecked Sendable: no state beyond Throwable's.
    open override class var kotlinClassName: String { "kotlin.NullPointerException" }
  }

  /// Kotlin's `kotlin.ArithmeticException` (integer division by zero).
  ///
  /// ```swift
  /// catch is ExportedKotlinPackages.kotlin.ArithmeticException { print("division by zero") }
  /// ```
  open class ArithmeticException: RuntimeException, @unchecked Sendable {
    // @unchecked Sendable: no state beyond Throwable's.
    open override class var kotlinClassName: String { "kotlin.ArithmeticException" }
  }

  /// Kotlin's `kotlin.Error`: a serious problem that is not an `Exception` (`TODO()`, failed asserts).
  ///
  /// Inside `ExportedKotlinPackages.kotlin` the name `Error` is this class; write `Swift.Error` there
  /// for Swift's protocol.
  ///
  /// ```swift
  /// catch let error as ExportedKotlinPackages.kotlin.Error { print("Kotlin error:", error) }
  /// ```
  open class Error: Throwable, @unchecked Sendable {
    // @unchecked Sendable: no state beyond Throwable's.
    open override class var kotlinClassName: String { "kotlin.Error" }
  }
}

extension ExportedKotlinPackages.kotlin.coroutines.cancellation {
  /// Kotlin's `kotlin.coroutines.cancellation.CancellationException` (kotlinx.coroutines' is a
  /// typealias of it).
  ///
  /// The cancellation of the calling Swift task still arrives as Swift's `CancellationError`; this
  /// class is what a Kotlin function that throws a `CancellationException` of its own (for example
  /// `withTimeout`'s `TimeoutCancellationException`) is caught as.
  ///
  /// ```swift
  /// catch let error as ExportedKotlinPackages.kotlin.coroutines.cancellation.CancellationException {
  ///   print("timed out:", error.className)
  /// }
  /// ```
  open class CancellationException: ExportedKotlinPackages.kotlin.IllegalStateException, @unchecked Sendable {
    // @unchecked Sendable: no state beyond Throwable's.
    open override class var kotlinClassName: String { "kotlin.coroutines.cancellation.CancellationException" }
  }
}
