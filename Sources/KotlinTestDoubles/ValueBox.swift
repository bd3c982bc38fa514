import CInterop
import KotlinBridge

/// A Swift value of the user's own type, held by the Kotlin runtime as an opaque object.
///
/// The runtime owns one retain of the box per Kotlin object that wraps it (see `shared_BoxClass`), and
/// asks the box for Kotlin `==` when a `MutableStateFlow` conflates or compares.
final class ValueBox: @unchecked Sendable {
  // @unchecked Sendable: both stored properties are immutable and hold Sendable values only
  // (`value` is always a `Sendable` value boxed as `Any`).
  let value: Any
  /// Kotlin `==` against another box's value: `Equatable` values compare with `==` (a data class),
  /// class instances by identity (a class without `equals`).
  let isEqual: @Sendable (Any) -> Bool

  /// Boxes `value`. The public API admits only `Sendable` element types; the codec that calls this is
  /// generic over every `T` (it recurses through optionals and lists), hence the label.
  init<T>(unsafeSendable value: T) {
    self.value = value
    self.isEqual = ValueBox.equality(of: value)
  }

  /// Whether values of `T` have a Kotlin `==` (Equatable, or a class for identity).
  static func isComparable<T>(_ type: T.Type) -> Bool {
    type is any Equatable.Type || type is AnyObject.Type
  }

  private static func equality<T>(of value: T) -> @Sendable (Any) -> Bool {
    if let equatable = value as? any Equatable { return equalityOf(equatable) }
    if type(of: value as Any) is AnyObject.Type {
      let identity = ObjectIdentifier(value as AnyObject)
      return { other in type(of: other) is AnyObject.Type && ObjectIdentifier(other as AnyObject) == identity }
    }
    return { _ in false }  // no equality: MutableStateFlow reports it when created
  }

  private static func equalityOf<E: Equatable>(_ value: E) -> @Sendable (Any) -> Bool {
    let boxed: any ValueEquality = EquatableValue(value)
    return { other in boxed.equals(other) }
  }

  /// Carries a value the public API already required to be `Sendable` into a `@Sendable` closure.
  private protocol ValueEquality: Sendable {
    func equals(_ other: Any) -> Bool
  }

  // @unchecked Sendable: V is Sendable at every public entry point that boxes a value.
  private struct EquatableValue<V: Equatable>: ValueEquality, @unchecked Sendable {
    let value: V
    init(_ value: V) { self.value = value }
    func equals(_ other: Any) -> Bool { (other as? V) == value }
  }

  /// The callbacks the runtime uses for every box (one class: equality is decided by the box).
  nonisolated(unsafe) static let boxClass: UnsafeMutablePointer<shared_BoxClass> = {
    let pointer = UnsafeMutablePointer<shared_BoxClass>.allocate(capacity: 1)
    pointer.initialize(
      to: shared_BoxClass(
        retain: { box in _ = Unmanaged<ValueBox>.fromOpaque(box!).retain() },
        release: { box in Unmanaged<ValueBox>.fromOpaque(box!).release() },
        equals: { a, b in
          let lhs = Unmanaged<ValueBox>.fromOpaque(a!).takeUnretainedValue()
          let rhs = Unmanaged<ValueBox>.fromOpaque(b!).takeUnretainedValue()
          return lhs.isEqual(rhs.value)
        }))
    return pointer
  }()
}
