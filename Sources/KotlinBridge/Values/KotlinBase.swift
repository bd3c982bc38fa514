import CInterop

/// The base class of every Swift wrapper of a Kotlin object, as in Swift export.
///
/// Instances are `Hashable` by identity. A Kotlin `object` is one Swift instance (`.shared`), so
/// `Element1.shared === Element1.shared` and values arriving from flows compare equal to it.
open class KotlinBase: Hashable, @unchecked Sendable {
  // @unchecked Sendable: the only stored property is immutable, and the Kotlin object behind it is
  // safe to use from any thread (the runtime guards its own state).
  private let storedRef: KotlinRef?

  /// The Kotlin object this instance stands for.
  ///
  /// Only a Swift-side copy (see `init(swiftSideCopy:)`) has none; handing one to Kotlin is a programming error.
  package var ref: KotlinRef {
    guard let storedRef else {
      preconditionFailure("\(type(of: self)) is a Swift-side copy of a Kotlin object and cannot be passed to Kotlin")
    }
    return storedRef
  }

  package init(ref: KotlinRef) {
    self.storedRef = ref
  }

  /// A Swift-side copy that holds no Kotlin object: a Kotlin exception whose class name and message
  /// were copied out when it crossed into Swift (its reference is released at once, so the runtime's
  /// leak counters do not depend on how long Swift keeps the error).
  /// (Not `init()`: Swift export's `Throwable()` is a public initializer of that name, and a
  /// convenience override of a designated `init()` draws a spurious infinite-recursion warning.)
  package init(swiftSideCopy: ()) {
    self.storedRef = nil
  }

  public static func == (lhs: KotlinBase, rhs: KotlinBase) -> Bool { lhs === rhs }
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
