import CInterop

/// `shared_Value`s built by the tests to pass *into* the API (borrowed by the callee).
enum Value {
  static var null: shared_Value { make(shared_ValueKind_null) }
  static var unit: shared_Value { make(shared_ValueKind_unit) }

  static func int(_ int: Int32) -> shared_Value {
    var value = make(shared_ValueKind_int)
    value.as.i = int
    return value
  }

  static func double(_ double: Double) -> shared_Value {
    var value = make(shared_ValueKind_double)
    value.as.d = double
    return value
  }

  /// A map value over `slots` (key, value, key, value, ...): `slots.count / 2` entries.
  static func map(_ slots: UnsafeBufferPointer<shared_Value>) -> shared_Value {
    var value = make(shared_ValueKind_map)
    value.count = Int32(slots.count / 2)
    value.as.map = slots.baseAddress
    return value
  }

  static func object(_ ref: some KotlinRef) -> shared_Value {
    var value = make(shared_ValueKind_object)
    value.as.object = ref.pinned
    return value
  }

  /// `Element1` ... `Element3` (permanent krefs, so nothing to release).
  static func element(_ number: Int) -> shared_Value {
    object(Kotlin.element(number))
  }

  private static func make(_ kind: shared_ValueKind) -> shared_Value {
    var value = shared_Value()
    value.kind = Int32(kind.rawValue)
    return value
  }
}
