import CInterop

extension KotlinValueCodec {
  /// Any Swift type, decoded the way Swift export treats an erased Kotlin type: by the value's kind
  /// (a Kotlin primitive as its Swift type, `String`, a list as an array, a map as a dictionary keyed by
  /// `AnyHashable`, `Unit` as ``KotlinUnit``, an
  /// object as its registered Swift wrapper), then cast to `Value`. Used where a flow or value comes
  /// without a declared element type, e.g. `_KotlinTypedFlowImpl<Elem>(someKotlinFlow)`.
  package static var bridged: KotlinValueCodec<Value> {
    KotlinValueCodec(
      decode: { value throws(KotlinInteropError) in
        let decoded = try KotlinBridgedValue.decode(value)
        guard let typed = decoded as? Value else {
          let found = decoded.map { "a value of type \(type(of: $0))" } ?? "null"
          throw KotlinInteropError(
            code: .unexpectedValue,
            message: "expected \(Value.self) from Kotlin but got \(found); the Swift type given for this flow or "
              + "value does not match its Kotlin type")
        }
        return typed
      },
      encode: { value, body in KotlinBridgedValue.encode(value, body) })
  }
}

/// Conversions between `shared_Value` and `(any _KotlinBridgeable)?`.
enum KotlinBridgedValue {
  static func decode(_ value: shared_Value) throws(KotlinInteropError) -> (any _KotlinBridgeable)? {
    switch value.kind {
    case Int32(shared_ValueKind_null.rawValue): return nil
    case Int32(shared_ValueKind_unit.rawValue): return KotlinUnit.shared
    case Int32(shared_ValueKind_boolean.rawValue): return value.as.boolean
    case Int32(shared_ValueKind_int.rawValue): return value.as.i
    case Int32(shared_ValueKind_long.rawValue): return value.as.l
    case Int32(shared_ValueKind_uint.rawValue): return value.as.u
    case Int32(shared_ValueKind_double.rawValue): return value.as.d
    case Int32(shared_ValueKind_string.rawValue): return try KotlinValueCodec<String>.string.decode(value)
    case Int32(shared_ValueKind_object.rawValue):
      guard let pointer = value.as.object else { return nil }
      return KotlinObjectWrappers.wrap(KotlinRef(adopting: pointer))
    case Int32(shared_ValueKind_list.rawValue):
      return try KotlinValueCodec<[(any _KotlinBridgeable)?]>.list(element).decode(value)
    case Int32(shared_ValueKind_map.rawValue):
      return try KotlinValueCodec<[AnyHashable: (any _KotlinBridgeable)?]>.map(key, element).decode(value)
    default:
      throw KotlinValueCodec<Any>.mismatch(value, expected: "a Kotlin value")
    }
  }

  /// `(any _KotlinBridgeable)?` as a codec, for lists.
  static let element = KotlinValueCodec<(any _KotlinBridgeable)?>(
    decode: { value throws(KotlinInteropError) in try decode(value) },
    encode: { value, body in encode(value as Any, body) })

  /// A map key: any value but null and lists (Swift dictionary keys must be Hashable).
  static let key = KotlinValueCodec<AnyHashable>(
    decode: { value throws(KotlinInteropError) in
      guard let decoded = try decode(value) else {
        throw KotlinInteropError(
          code: .unexpectedValue,
          message: "a Kotlin Map with a null key cannot become a Swift dictionary: give the map non-null keys")
      }
      guard let hashable = decoded as? any Hashable else {
        throw KotlinInteropError(
          code: .unexpectedValue,
          message: "a Kotlin Map keyed by \(type(of: decoded)) values cannot become a Swift dictionary (its keys "
            + "are not Hashable): key the map by strings, numbers or objects")
      }
      return AnyHashable(hashable)
    },
    encode: { key, body in encode(key.base, body) })

  /// Encodes any Swift value the module can hold; anything else is a programming error.
  static func encode(_ value: Any, _ body: (UnsafePointer<shared_Value>) -> Void) {
    switch unwrappingOptionals(value) {
    case nil: KotlinValueCodec<Int32?>.optional(KotlinValueCodec<Int32>.int).encode(nil, body)
    case let object as KotlinBase:
      var encoded = shared_Value()
      encoded.kind = Int32(shared_ValueKind_object.rawValue)
      encoded.as.object = object.ref.pointer
      withExtendedLifetime(object) { withUnsafePointer(to: encoded) { body($0) } }
    case let v as Int32: KotlinValueCodec<Int32>.int.encode(v, body)
    case let v as Int64: KotlinValueCodec<Int64>.long.encode(v, body)
    case let v as UInt32: KotlinValueCodec<UInt32>.uint.encode(v, body)
    case let v as Double: KotlinValueCodec<Double>.double.encode(v, body)
    case let v as Bool: KotlinValueCodec<Bool>.boolean.encode(v, body)
    case let v as String: KotlinValueCodec<String>.string.encode(v, body)
    case let v as KotlinUnit: KotlinValueCodec<KotlinUnit>.unit.encode(v, body)
    case let array as [Any]:
      KotlinValueCodec<[(any _KotlinBridgeable)?]>.list(element).encode(array.map(bridgeable), body)
    case let dictionary as [AnyHashable: Any]:
      KotlinValueCodec<[AnyHashable: (any _KotlinBridgeable)?]>.map(key, element).encode(
        dictionary.mapValues(bridgeable), body)
    case let other?:
      preconditionFailure(
        "a \(type(of: other)) cannot cross into Kotlin here: pass a Kotlin object, Int32, Int64, UInt32, Double, "
          + "Bool, String, KotlinUnit, an array or dictionary of those, or nil")
    }
  }

  private static func bridgeable(_ value: Any) -> (any _KotlinBridgeable)? {
    guard let some = unwrappingOptionals(value) else { return nil }
    guard let bridgeable = some as? any _KotlinBridgeable else {
      preconditionFailure("a \(type(of: some)) cannot cross into Kotlin: it is not _KotlinBridgeable")
    }
    return bridgeable
  }
}
