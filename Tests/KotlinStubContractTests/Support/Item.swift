import CInterop

/// A Kotlin value that crossed the boundary (a `shared_Value`), copied into Swift.
///
/// Objects that are fixture elements become `.element(n)`; any other object becomes `.object`. What happens to
/// the kref itself is decided by `ObjectOwnership` at conversion time.
enum Item: Sendable, Hashable, CustomStringConvertible {
  case null
  case unit
  case bool(Bool)
  case int(Int32)
  case long(Int64)
  case uint(UInt32)
  case double(Double)
  case string(String)
  /// `fixtures.Element1` ... `Element3`.
  case element(Int)
  /// Any other object kref.
  case object
  case list([Item])
  /// A map's entries in the order they crossed.
  case map([MapEntry])
  /// A value that breaks the header's rules (the reason says which).
  case malformed(String)

  var description: String {
    switch self {
    case .null: "null"
    case .unit: "Unit"
    case .bool(let value): "\(value)"
    case .int(let value): "\(value)"
    case .long(let value): "\(value)L"
    case .uint(let value): "\(value)u"
    case .double(let value): "\(value)"
    case .string(let value): "\"\(value)\""
    case .element(let number): "Element\(number)"
    case .object: "<object>"
    case .list(let items): "[" + items.map(\.description).joined(separator: ", ") + "]"
    case .map(let entries): "{" + entries.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "}"
    case .malformed(let reason): "<malformed: \(reason)>"
    }
  }
}

/// One entry of a map `Item`.
struct MapEntry: Sendable, Hashable {
  let key: Item
  let value: Item
}

/// Who releases the object krefs found while converting a `shared_Value`.
enum ObjectOwnership {
  /// The receiver owns them (callback items, outcomes) and the test does not need them: dispose each one.
  case dispose
  /// The receiver owns them and the test keeps them: append each to `kept`; the test disposes them.
  case keep
  /// An owned `shared_Value` that will be released as a whole with `shared_Value_dispose`: leave them alone.
  case releasedWithValue
}

extension Item {
  /// Converts `value` (borrowed: strings and list storage are copied, never freed here).
  init(_ value: shared_Value, objects: ObjectOwnership, kept: inout [Token]) {
    switch Int(value.kind) {
    case Int(shared_ValueKind_null.rawValue): self = .null
    case Int(shared_ValueKind_unit.rawValue): self = .unit
    case Int(shared_ValueKind_boolean.rawValue): self = .bool(value.as.boolean)
    case Int(shared_ValueKind_int.rawValue): self = .int(value.as.i)
    case Int(shared_ValueKind_long.rawValue): self = .long(value.as.l)
    case Int(shared_ValueKind_uint.rawValue): self = .uint(value.as.u)
    case Int(shared_ValueKind_double.rawValue): self = .double(value.as.d)
    case Int(shared_ValueKind_string.rawValue): self = Item(string: value.as.string, count: value.count)
    case Int(shared_ValueKind_object.rawValue):
      self = Item(object: Token(value.as.object), objects: objects, kept: &kept)
    case Int(shared_ValueKind_list.rawValue):
      guard value.count >= 0, value.count == 0 || value.as.list != nil else {
        self = .malformed("list of \(value.count) values without storage")
        return
      }
      var items: [Item] = []
      for index in 0..<Int(value.count) {
        items.append(Item(value.as.list![index], objects: objects, kept: &kept))
      }
      self = .list(items)
    case Int(shared_ValueKind_map.rawValue):
      guard value.count >= 0, value.count == 0 || value.as.map != nil else {
        self = .malformed("map of \(value.count) entries without storage")
        return
      }
      var entries: [MapEntry] = []
      for entry in 0..<Int(value.count) {
        let key = Item(value.as.map![2 * entry], objects: objects, kept: &kept)
        entries.append(MapEntry(key: key, value: Item(value.as.map![2 * entry + 1], objects: objects, kept: &kept)))
      }
      self = .map(entries)
    default: self = .malformed("unknown kind \(value.kind)")
    }
  }

  /// Converts an array of borrowed values.
  static func items(
    _ values: UnsafePointer<shared_Value>?, count: Int32, objects: ObjectOwnership, kept: inout [Token]
  ) -> [Item] {
    guard let values, count > 0 else { return [] }
    return (0..<Int(count)).map { Item(values[$0], objects: objects, kept: &kept) }
  }

  private init(string: UnsafePointer<CChar>?, count: Int32) {
    guard let string, count >= 0 else {
      self = .malformed("string without bytes")
      return
    }
    let bytes = UnsafeRawBufferPointer(start: string, count: Int(count))
    guard string[Int(count)] == 0 else {
      self = .malformed("string of \(count) bytes is not NUL-terminated there")
      return
    }
    guard let decoded = String(validating: bytes, as: UTF8.self) else {
      self = .malformed("string is not valid UTF-8")
      return
    }
    self = .string(decoded)
  }

  private init(object: Token, objects: ObjectOwnership, kept: inout [Token]) {
    guard !object.isNull else {
      self = .malformed("object kind with a NULL kref")
      return
    }
    if let number = (1...3).first(where: { Kotlin.isInstance(object, of: Kotlin.Types.element($0)) }) {
      self = .element(number)
    } else {
      self = .object
    }
    switch objects {
    case .dispose: Kotlin.dispose(object)
    case .keep: kept.append(object)
    case .releasedWithValue: break
    }
  }
}

extension Item {
  /// Converts an *owned* value (from `StateFlow_value`, `SharedFlow_replayCache`) and releases it with
  /// `shared_Value_dispose`.
  static func taking(_ value: inout shared_Value) -> Item {
    var unused: [Token] = []
    let item = Item(value, objects: .releasedWithValue, kept: &unused)
    shared_Value_dispose(&value)
    return item
  }
}
