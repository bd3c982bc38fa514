/// What older versions of Swift export threw for a Kotlin exception: the Kotlin `Throwable`, wrapped.
///
/// Newer versions (and this package) throw the exception's exported class itself, so nothing here
/// throws a `KotlinError`; it is declared so that code written against an older Swift export, which
/// catches or constructs one, still compiles.
///
/// ```swift
/// catch let error as KotlinError {
///   print((error.wrapped as? ExportedKotlinPackages.kotlin.Throwable)?.message ?? "")
/// }
/// ```
public struct KotlinError: Error, CustomStringConvertible {
  /// The Kotlin object that was thrown (a `Throwable`).
  public var wrapped: KotlinBase

  /// Wraps `wrapped`, as the older bridge did.
  public init(wrapped: KotlinBase) {
    self.wrapped = wrapped
  }

  /// The wrapped exception's `toString()`, or the object's description for anything else.
  public var description: String {
    (wrapped as? ExportedKotlinPackages.kotlin.Throwable)?.toString() ?? "KotlinError(\(wrapped))"
  }
}
