extension ExportedKotlinPackages.kotlin {
  /// Kotlin's `kotlin.Throwable`: what a failing flow or a throwing suspend function throws in Swift.
  ///
  /// As in Swift export, a Kotlin exception arrives as an instance of its exported class, so catch it
  /// by class, most specific first. A class that has no Swift class here arrives as its nearest known
  /// superclass (or `Throwable`), with its real Kotlin class name kept in ``className``.
  ///
  /// ```swift
  /// do {
  ///   try await login(user: "ada", password: "")
  /// } catch let error as ExportedKotlinPackages.kotlin.IllegalArgumentException {
  ///   print(error.message ?? "")  // "Password must not be empty"
  /// } catch let error as ExportedKotlinPackages.kotlin.Throwable {
  ///   print(error.className)      // e.g. "io.ktor.client.plugins.ServerResponseException"
  /// }
  /// ```
  ///
  /// An exception that crossed into Swift is a copy: its class name and message were read and the
  /// Kotlin object released at once. Equality is identity, as for every ``KotlinBase``. `cause` is
  /// only known for exceptions made in Swift (the module's C ABI does not export it).
  ///
  /// A fake module declares its own exception classes by subclassing and naming the Kotlin class,
  /// then registers them (see ``register(_:forKotlinClass:)``):
  ///
  /// ```swift
  /// public final class EmptyPasswordException: ExportedKotlinPackages.kotlin.IllegalArgumentException {
  ///   public override class var kotlinClassName: String { "com.example.login.EmptyPasswordException" }
  /// }
  /// ```
  open class Throwable: KotlinBase, Swift.Error, CustomStringConvertible, @unchecked Sendable {
    // @unchecked Sendable: every stored property is immutable and Sendable (the cause is a Throwable).
    private let storedMessage: String?
    private let storedCause: Throwable?

    /// The fully qualified Kotlin class name of this exception, e.g. `kotlin.IllegalStateException`.
    ///
    /// Usually the ``kotlinClassName`` of its Swift class; differs when the Kotlin class has no Swift
    /// class here and the exception arrived as a superclass.
    public let className: String

    /// The Kotlin class this Swift class stands for; subclasses override it.
    open class var kotlinClassName: String { "kotlin.Throwable" }

    /// `Throwable.message`, which Kotlin allows to be null.
    open var message: String? { storedMessage }

    /// `Throwable.cause`: set for exceptions made in Swift, `nil` for those that came from Kotlin.
    open var cause: Throwable? { storedCause }

    /// An exception of the Kotlin class `kotlinClassName`, which may be a subclass of this class that
    /// has no Swift class of its own. The registry uses it to make exceptions that arrive from Kotlin.
    ///
    /// ```swift
    /// let error = ExportedKotlinPackages.kotlin.RuntimeException(
    ///   kotlinClassName: "kotlin.ConcurrentModificationException", message: "list changed", cause: nil)
    /// ```
    public required init(kotlinClassName: String, message: String?, cause: Throwable?) {
      self.className = kotlinClassName
      self.storedMessage = message
      self.storedCause = cause
      super.init(swiftSideCopy: ())
    }

    /// Kotlin's `Throwable(message, cause)`.
    ///
    /// ```swift
    /// throw ExportedKotlinPackages.kotlin.IllegalStateException(message: "closed", cause: nil)
    /// ```
    public convenience init(message: String?, cause: Throwable?) {
      self.init(kotlinClassName: Self.kotlinClassName, message: message, cause: cause)
    }

    /// Kotlin's `Throwable(message)`.
    ///
    /// ```swift
    /// throw ExportedKotlinPackages.kotlin.IllegalArgumentException(message: "Password must not be empty")
    /// ```
    public convenience init(message: String?) {
      self.init(kotlinClassName: Self.kotlinClassName, message: message, cause: nil)
    }

    /// Kotlin's `Throwable(cause)`: the message is the cause's `toString()`, as in Kotlin.
    ///
    /// ```swift
    /// throw ExportedKotlinPackages.kotlin.RuntimeException(cause: underlying)
    /// ```
    public convenience init(cause: Throwable?) {
      self.init(kotlinClassName: Self.kotlinClassName, message: cause?.toString(), cause: cause)
    }

    /// Kotlin's `Throwable()`: no message, no cause.
    ///
    /// ```swift
    /// throw ExportedKotlinPackages.kotlin.UnsupportedOperationException()
    /// ```
    public convenience init() {
      self.init(kotlinClassName: Self.kotlinClassName, message: nil, cause: nil)
    }

    /// The class name without its package, e.g. `IllegalStateException`.
    public var simpleClassName: String { className.split(separator: ".").last.map(String.init) ?? className }

    /// Kotlin's `Throwable.toString()`: the class name, then `: message` when there is one.
    open func toString() -> String {
      guard let message else { return className }
      return "\(className): \(message)"
    }

    /// The same as ``toString()``, e.g. `kotlin.IllegalStateException: Flow has failed`.
    public var description: String { toString() }
  }
}
