// The Kotlin standard library's packages that this module declares classes in. Swift export puts
// the standard library's declarations in the module `KotlinStdlib`, under these same paths.

extension ExportedKotlinPackages {
  /// Kotlin's package `kotlin`: the standard library's exception classes.
  ///
  /// ```swift
  /// catch let error as ExportedKotlinPackages.kotlin.IllegalStateException { print(error.message ?? "") }
  /// ```
  public enum kotlin {}
}

extension ExportedKotlinPackages.kotlin {
  /// Kotlin's package `kotlin.coroutines`.
  public enum coroutines {}
}

extension ExportedKotlinPackages.kotlin.coroutines {
  /// Kotlin's package `kotlin.coroutines.cancellation`: `CancellationException`.
  public enum cancellation {}
}
