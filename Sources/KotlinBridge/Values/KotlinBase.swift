import CInterop

/// The base class of every Swift wrapper of a Kotlin object, as in Swift export.
///
/// Instances are `Hashable` by identity. A Kotlin `object` is one Swift instance (`.shared`), so
/// `Element1.shared === Element1.shared` and values arriving from flows compare equal to it.
open class KotlinBase: Hashable, @unchecked Sendable {
  // @unchecked Sendable: the only stored property is immutable, and the Kotlin object behind it is
  // safe to use from any thread (the runtime guards its own state).
  package let ref: KotlinRef

  package init(ref: KotlinRef) {
    self.ref = ref
  }

  public static func == (lhs: KotlinBase, rhs: KotlinBase) -> Bool { lhs === rhs }
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
