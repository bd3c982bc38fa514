import CInterop
import KotlinBridge

/// How a test double's values of type `T` cross the C contract, chosen from `T` at run time:
///
/// | Swift | Kotlin |
/// | --- | --- |
/// | `Int32`, `Int64`, `UInt32`, `Double`, `Bool`, `String`, `KotlinUnit` | `Int`, `Long`, `UInt`, `Double`, `Boolean`, `String`, `Unit` |
/// | `Optional<W>` | `W?` (`nil` is Kotlin `null`) |
/// | `Array<E>` | `List<E>` |
/// | `Dictionary<K, V>`, `K` one of the above scalars or `String` | `Map<K, V>` |
/// | anything else | an object of class `String(reflecting: T.self)` holding the Swift value (a box) |
enum DoubleCodec {
  static func codec<T>(for type: T.Type) -> KotlinValueCodec<T> {
    if let scalar = scalarCodec(type) { return scalar }
    if let composite = type as? any KotlinCompositeValue.Type, let codec = composite.kotlinCodec() {
      return codec as! KotlinValueCodec<T>
    }
    return boxCodec(type)
  }

  /// Whether `T` has a Kotlin `==`: scalars, strings, `Equatable` types and classes do.
  static func isComparable<T>(_ type: T.Type) -> Bool {
    if scalarCodec(type) != nil { return true }
    if let composite = type as? any KotlinCompositeValue.Type { return composite.kotlinComparable }
    return ValueBox.isComparable(type)
  }

  private static func scalarCodec<T>(_ type: T.Type) -> KotlinValueCodec<T>? {
    switch type {
    case is Int32.Type: return KotlinValueCodec<Int32>.int as? KotlinValueCodec<T>
    case is Int64.Type: return KotlinValueCodec<Int64>.long as? KotlinValueCodec<T>
    case is UInt32.Type: return KotlinValueCodec<UInt32>.uint as? KotlinValueCodec<T>
    case is Double.Type: return KotlinValueCodec<Double>.double as? KotlinValueCodec<T>
    case is Bool.Type: return KotlinValueCodec<Bool>.boolean as? KotlinValueCodec<T>
    case is String.Type: return KotlinValueCodec<String>.string as? KotlinValueCodec<T>
    case is KotlinUnit.Type: return KotlinValueCodec<KotlinUnit>.unit as? KotlinValueCodec<T>
    default: return nil
    }
  }

  private static func boxCodec<T>(_ type: T.Type) -> KotlinValueCodec<T> {
    let className = stableTypeName(of: type)
    return KotlinValueCodec<T>(
      decode: { value throws(KotlinInteropError) in
        guard value.kind == Int32(shared_ValueKind_object.rawValue), let ref = value.as.object else {
          throw KotlinInteropError(
            code: .unexpectedValue,
            message: "expected a \(className) from Kotlin but got a value of kind \(value.kind)")
        }
        defer { KotlinABI.disposeStablePointer(ref) }
        var status = shared_Status_ok
        guard let pointer = shared_Doubles_unbox(ref, &status),
          let boxed = Unmanaged<ValueBox>.fromOpaque(pointer).takeUnretainedValue().value as? T
        else {
          throw KotlinInteropError(
            code: .unexpectedValue,
            message: "expected a \(className) from Kotlin but got another object; the double and its users "
              + "disagree on this value's type")
        }
        return boxed
      },
      encode: { value, body in
        let box = ValueBox(unsafeSendable: value)
        var status = shared_Status_ok
        let ref = KotlinABI.inCurrentScope {
          withExtendedLifetime(box) {
            shared_Doubles_box(Unmanaged.passUnretained(box).toOpaque(), ValueBox.boxClass, className, &status)
          }
        }
        var encoded = shared_Value()
        encoded.kind = Int32(shared_ValueKind_object.rawValue)
        encoded.as.object = ref
        defer { KotlinABI.disposeStablePointer(ref) }
        withUnsafePointer(to: encoded) { body($0) }
      })
  }
}

/// `Optional` (`nil` is Kotlin `null`), `Array` (a Kotlin `List`) and `Dictionary` (a Kotlin `Map`),
/// whose codecs are built from their element types'.
protocol KotlinCompositeValue {
  /// A `KotlinValueCodec<Self>`, type-erased (its type mentions `Self`); nil if `Self` crosses as a box.
  static func kotlinCodec() -> Any?
  static var kotlinComparable: Bool { get }
}

extension Optional: KotlinCompositeValue {
  static func kotlinCodec() -> Any? { KotlinValueCodec<Wrapped?>.optional(DoubleCodec.codec(for: Wrapped.self)) }
  static var kotlinComparable: Bool { DoubleCodec.isComparable(Wrapped.self) }
}

extension Array: KotlinCompositeValue {
  static func kotlinCodec() -> Any? { KotlinValueCodec<[Element]>.list(DoubleCodec.codec(for: Element.self)) }
  static var kotlinComparable: Bool { DoubleCodec.isComparable(Element.self) }
}

// A Swift dictionary is a Kotlin Map when its keys are a Kotlin primitive or a String (a generic
// `Key` cannot be used: the map codec needs `Key: SendableMetatype`, which a conditional conformance
// cannot require). A dictionary with other keys crosses as one boxed value.
extension Dictionary: KotlinCompositeValue {
  static func kotlinCodec() -> Any? {
    let values = DoubleCodec.codec(for: Value.self)
    switch Key.self {
    case is String.Type: return KotlinValueCodec<[String: Value]>.map(.string, values)
    case is Int32.Type: return KotlinValueCodec<[Int32: Value]>.map(.int, values)
    case is Int64.Type: return KotlinValueCodec<[Int64: Value]>.map(.long, values)
    case is UInt32.Type: return KotlinValueCodec<[UInt32: Value]>.map(.uint, values)
    case is Double.Type: return KotlinValueCodec<[Double: Value]>.map(.double, values)
    case is Bool.Type: return KotlinValueCodec<[Bool: Value]>.map(.boolean, values)
    default: return nil
    }
  }
  static var kotlinComparable: Bool {
    kotlinCodec() == nil ? ValueBox.isComparable(Self.self) : DoubleCodec.isComparable(Value.self)
  }
}
