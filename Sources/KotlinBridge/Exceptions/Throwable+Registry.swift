import Locking

extension ExportedKotlinPackages.kotlin.Throwable {
  /// Makes `type`'s instances the ones Kotlin exceptions of class `name` arrive as.
  ///
  /// `name` defaults to the type's own ``kotlinClassName``: the exact class. Passing another Kotlin
  /// class name maps a class that has no Swift class of its own to its nearest superclass here; such
  /// an exception keeps its real name in ``className``. A later registration of a name replaces the
  /// earlier one. Register before the exceptions can arrive (e.g. in the fake module's setup). A
  /// class that a test double (`kotlinSuspend { }`, `flow { }`) throws is registered when thrown.
  ///
  /// ```swift
  /// ExportedKotlinPackages.kotlin.Throwable.register(EmptyPasswordException.self)
  /// ExportedKotlinPackages.kotlin.Throwable.register(
  ///   ExportedKotlinPackages.kotlin.Exception.self, forKotlinClass: "kotlinx.io.IOException")
  /// ```
  public static func register(_ type: ExportedKotlinPackages.kotlin.Throwable.Type, forKotlinClass name: String? = nil)
  {
    let name = name ?? type.kotlinClassName
    ThrowableRegistry.shared.withLock { $0[name] = type }
  }

  /// Registers the class of an exception Swift is about to hand to Kotlin, so that it comes back as
  /// that class: unless its Kotlin class name is already registered to it or to one of its subclasses.
  package static func registerThrownClass(of exception: ExportedKotlinPackages.kotlin.Throwable) {
    let type = Swift.type(of: exception)
    guard type.kotlinClassName == exception.className else { return }  // a superclass standing in
    ThrowableRegistry.shared.withLock { table in
      if let known = table[exception.className], known == type || isSubclass(known, of: type) { return }
      table[exception.className] = type
    }
  }

  private static func isSubclass(_ type: AnyClass, of ancestor: AnyClass) -> Bool {
    var current: AnyClass? = type
    while let candidate = current {
      if candidate == ancestor { return true }
      current = _getSuperclass(candidate)
    }
    return false
  }

  /// The exception Kotlin would hand Swift for an exception of class `kotlinClassName`: an instance
  /// of the registered Swift class for that name, else of `Throwable`, keeping the name.
  ///
  /// ```swift
  /// let error = ExportedKotlinPackages.kotlin.Throwable.make(
  ///   kotlinClassName: "kotlin.IllegalStateException", message: "Flow has failed")
  /// error is ExportedKotlinPackages.kotlin.IllegalStateException  // true
  /// ```
  public static func make(
    kotlinClassName: String, message: String?, cause: ExportedKotlinPackages.kotlin.Throwable? = nil
  ) -> ExportedKotlinPackages.kotlin.Throwable {
    let type = ThrowableRegistry.shared.withLock { $0[kotlinClassName] } ?? ExportedKotlinPackages.kotlin.Throwable.self
    return type.init(kotlinClassName: kotlinClassName, message: message, cause: cause)
  }
}

/// Kotlin class name → the Swift class its exceptions arrive as.
///
/// Seeded with the classes declared here and, for the standard library and kotlinx.coroutines
/// classes commonly thrown that have no Swift class here, their nearest declared superclass in
/// Kotlin's hierarchy. Classes are instantiated outside the lock (user subclasses' initializers are
/// user code).
enum ThrowableRegistry {
  typealias K = ExportedKotlinPackages.kotlin

  static let shared = Locked<[String: K.Throwable.Type]>(seed)

  private static var seed: [String: K.Throwable.Type] {
    let declared: [K.Throwable.Type] = [
      K.Throwable.self, K.Exception.self, K.RuntimeException.self, K.IllegalStateException.self,
      K.IllegalArgumentException.self, K.UnsupportedOperationException.self, K.IndexOutOfBoundsException.self,
      K.NullPointerException.self, K.ArithmeticException.self, K.Error.self,
      K.coroutines.cancellation.CancellationException.self,
    ]
    var table = Dictionary(uniqueKeysWithValues: declared.map { ($0.kotlinClassName, $0) })
    let nearestSuperclass: [String: K.Throwable.Type] = [
      "kotlin.NoSuchElementException": K.RuntimeException.self,
      "kotlin.ClassCastException": K.RuntimeException.self,
      "kotlin.ConcurrentModificationException": K.RuntimeException.self,
      "kotlin.UninitializedPropertyAccessException": K.RuntimeException.self,
      "kotlin.NumberFormatException": K.IllegalArgumentException.self,
      "kotlin.AssertionError": K.Error.self,
      "kotlin.NotImplementedError": K.Error.self,
      "kotlin.OutOfMemoryError": K.Error.self,
      "kotlinx.coroutines.TimeoutCancellationException": K.coroutines.cancellation.CancellationException.self,
      "kotlinx.coroutines.JobCancellationException": K.coroutines.cancellation.CancellationException.self,
      // kotlinx.coroutines' CancellationException is a typealias; fakes sometimes spell it so.
      "kotlinx.coroutines.CancellationException": K.coroutines.cancellation.CancellationException.self,
    ]
    table.merge(nearestSuperclass) { declared, _ in declared }
    return table
  }
}
