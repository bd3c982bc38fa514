/// The struct this package threw for Kotlin exceptions before it followed Swift export's classes.
///
/// Now an alias of ``ExportedKotlinPackages/kotlin/Throwable``, so `catch let e as KotlinException`,
/// `e.className`, `e.message` and `e.simpleClassName` keep working. One difference: `==` is
/// identity (as for every Kotlin object), not equal class name and message.
///
/// ```swift
/// catch let error as ExportedKotlinPackages.kotlin.Throwable { print(error.className, error.message ?? "") }
/// ```
@available(*, deprecated, renamed: "ExportedKotlinPackages.kotlin.Throwable")
public typealias KotlinException = ExportedKotlinPackages.kotlin.Throwable

extension ExportedKotlinPackages.kotlin.Throwable {
  /// The old `KotlinException(className:message:)`: an instance of the Swift class registered for
  /// `className` would be `make(kotlinClassName:message:)`; this makes a `Throwable` with that name.
  ///
  /// ```swift
  /// let error = ExportedKotlinPackages.kotlin.Throwable.make(kotlinClassName: "kotlin.Exception", message: "m")
  /// ```
  @available(*, deprecated, message: "use ExportedKotlinPackages.kotlin.Throwable.make(kotlinClassName:message:)")
  public convenience init(className: String, message: String?) {
    self.init(kotlinClassName: className, message: message, cause: nil)
  }
}
