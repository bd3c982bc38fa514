/// A Kotlin exception that crossed into Swift: a flow that failed or a suspend function that threw.
///
/// Carries the Kotlin class name and message; `String(describing:)` reads like Kotlin's
/// `toString()`, e.g. `kotlin.IllegalStateException: Flow has failed`.
///
/// ```swift
/// do {
///   for try await element in failing().asAsyncSequence() { print(element) }
/// } catch let error as KotlinException {
///   print(error.className, error.message ?? "")
/// }
/// ```
public struct KotlinException: Error, Hashable, Sendable, CustomStringConvertible {
  /// Fully qualified Kotlin class name, e.g. `kotlin.IllegalStateException`.
  public let className: String
  /// `Throwable.message`, which Kotlin allows to be null.
  public let message: String?

  public init(className: String, message: String?) {
    self.className = className
    self.message = message
  }

  /// The class name without its package, e.g. `IllegalStateException`.
  public var simpleClassName: String { className.split(separator: ".").last.map(String.init) ?? className }

  public var description: String {
    guard let message else { return className }
    return "\(className): \(message)"
  }
}
