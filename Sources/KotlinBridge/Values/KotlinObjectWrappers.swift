import Locking

/// The Swift classes of the module's Kotlin classes, for values whose static type is erased (`Any`,
/// generic arguments): a Kotlin object arriving that way is wrapped in its class's Swift wrapper, so
/// `testAny() as? Foo` and `Element1.shared` identity hold, as Swift export's
/// `__createClassWrapper` does.
///
/// Bindings register the most derived classes first; an object of no registered class is a plain
/// ``KotlinBase``.
package enum KotlinObjectWrappers {
  private struct Entry: Sendable {
    let type: Int  // the shared_KType pointer's bits: a process-lifetime constant of the module
    let make: @Sendable (KotlinRef) -> KotlinBase
  }

  private static let entries = Locked<[Entry]>([])

  /// Registers `make` for objects that are instances of `type` (a `_type()` of the symbol table).
  package static func register(_ type: OpaquePointer?, _ make: @escaping @Sendable (KotlinRef) -> KotlinBase) {
    guard let type else { preconditionFailure("KotlinObjectWrappers.register: the module returned no type") }
    entries.withLock { $0.append(Entry(type: Int(bitPattern: type), make: make)) }
  }

  /// The Swift wrapper of the object behind `ref` (adopted).
  package static func wrap(_ ref: KotlinRef) -> KotlinBase {
    let candidates = entries.withLock { $0 }
    for entry in candidates where KotlinABI.isInstance(ref.pointer, OpaquePointer(bitPattern: entry.type)) {
      return entry.make(ref)
    }
    return KotlinBase(ref: ref)
  }
}
