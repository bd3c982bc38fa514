import KotlinBridge

/// Values as Objective-C export hands them over in untyped places (a `Flow`'s `Any?` elements, a
/// `StateFlow`'s `value`): Kotlin numbers and booleans boxed (`KotlinInt`, `KotlinBoolean`, …),
/// strings, lists and maps as Foundation values, objects as themselves.
enum ObjCValue {
  static func box(_ value: Any?) -> Any? {
    guard let value, let value = unwrappingOptionals(value) else { return nil }
    switch value {
    case let v as Int32: return KotlinInt(int: v)
    case let v as Int64: return KotlinLong(longLong: v)
    case let v as Int: return KotlinLong(longLong: Int64(v))
    case let v as Int16: return KotlinShort(short: v)
    case let v as Int8: return KotlinByte(char: v)
    case let v as UInt32: return KotlinUInt(unsignedInt: v)
    case let v as UInt64: return KotlinULong(unsignedLongLong: v)
    case let v as Bool: return KotlinBoolean(bool: v)
    case let v as Double: return KotlinDouble(double: v)
    case let v as Float: return KotlinFloat(float: v)
    case let v as [Any?]: return v.map { box($0) as Any }
    default: return value
    }
  }

  /// A value handed in untyped (`value = …` on a state flow, `emit(value:)`) as `Element`: as is, or
  /// unboxed from a Kotlin box; `nil` when it is neither.
  static func unbox<Element>(_ value: Any?, as type: Element.Type) -> Element? {
    if let element = value as? Element { return element }
    guard let number = value as? KotlinNumber else { return nil }
    switch type {
    case is Int32.Type, is Int32?.Type: return number.int32Value as? Element
    case is Int64.Type, is Int64?.Type: return number.int64Value as? Element
    case is Int.Type, is Int?.Type: return number.intValue as? Element
    case is Bool.Type, is Bool?.Type: return number.boolValue as? Element
    case is Double.Type, is Double?.Type: return number.doubleValue as? Element
    case is Float.Type, is Float?.Type: return number.floatValue as? Element
    default: return nil
    }
  }
}
