import KotlinTestDoubles

/// `class EmptyPasswordException : IllegalArgumentException("Password must not be empty")` of the
/// Kotlin module, as Swift export exports it (here at the top level, where Swift export's typealias
/// for `com.example.login.EmptyPasswordException` puts the short name).
///
/// `login` throws it; the caller catches it by this class, or as any of its Kotlin superclasses
/// (`ExportedKotlinPackages.kotlin.IllegalArgumentException`, `…RuntimeException`, `…Throwable`).
public final class EmptyPasswordException: ExportedKotlinPackages.kotlin.IllegalArgumentException,
  @unchecked Sendable  // no state beyond Throwable's, which is immutable
{
  public override class var kotlinClassName: String { "com.example.login.EmptyPasswordException" }

  /// Kotlin's `EmptyPasswordException()`, whose message is fixed.
  public convenience init() {
    self.init(message: "Password must not be empty")
  }
}
