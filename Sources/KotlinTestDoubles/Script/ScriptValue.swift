import Foundation

/// A JSON value: what one item of a ``FlowScript`` holds.
///
/// Integers are one case, `int`, wide enough for both Kotlin `Int` and `Long` (JSON has a single number
/// type; a number with a fraction or an exponent is a `double`). Objects are unordered, like a Kotlin
/// `Map`, and print with their keys sorted, so a value always prints the same way.
///
/// Values are written as literals, read from JSON, or converted from and to your own `Codable` types:
///
/// ```swift
/// let value: ScriptValue = ["user": "ann", "attempts": 2]
/// struct Login: Codable, Equatable { let user: String; let attempts: Int }
/// #expect(try value.decode(Login.self) == Login(user: "ann", attempts: 2))
/// #expect(try ScriptValue(encoding: Login(user: "ann", attempts: 2)) == value)
/// #expect(try ScriptValue(json: #"{"attempts":2,"user":"ann"}"#) == value)
/// ```
public enum ScriptValue: Sendable, Hashable {
  /// JSON `null` (Kotlin `null`).
  case null
  case bool(Bool)
  /// A JSON number without fraction or exponent (Kotlin `Int` or `Long`).
  case int(Int64)
  /// A JSON number with a fraction or an exponent (Kotlin `Double`); always finite.
  case double(Double)
  case string(String)
  /// A JSON array (Kotlin `List`).
  case list([ScriptValue])
  /// A JSON object (Kotlin `Map<String, …>`).
  case object([String: ScriptValue])

  /// Reads one JSON value.
  ///
  /// - Throws: ``FlowScriptError`` with code `malformedJSON`, naming the column and what was expected.
  public init(json: String) throws(FlowScriptError) {
    do {
      self = try ScriptJSONReader.read(json)
    } catch {
      throw FlowScriptError(code: .malformedJSON, message: error.description)
    }
  }

  /// The value an `Encodable` value encodes to with `encoder` (a `JSONEncoder`).
  ///
  /// - Throws: the encoder's error, or ``FlowScriptError`` if its output is not a finite JSON value.
  public init<T: Encodable>(encoding value: T, encoder: JSONEncoder = JSONEncoder()) throws {
    let data = try encoder.encode(value)
    try self.init(json: String(decoding: data, as: UTF8.self))
  }

  /// Decodes the value as `T` with `decoder` (a `JSONDecoder`), as if `T` were read from this JSON.
  ///
  /// - Throws: the decoder's `DecodingError` when the value does not have `T`'s shape.
  public func decode<T: Decodable>(_ type: T.Type, decoder: JSONDecoder = JSONDecoder()) throws -> T {
    try decoder.decode(T.self, from: Data(json.utf8))
  }

  /// The value as compact JSON: no spaces, object keys sorted, strings escaped as RFC 8259 requires
  /// (control characters, `"` and `\`; everything else as is).
  public var json: String {
    var text = ""
    write(into: &text)
    return text
  }

  private func write(into text: inout String) {
    switch self {
    case .null: text += "null"
    case .bool(let value): text += value ? "true" : "false"
    case .int(let value): text += String(value)
    case .double(let value): text += ScriptValue.jsonNumber(value)
    case .string(let value): text += ScriptValue.jsonString(value)
    case .list(let values):
      text += "["
      for (index, value) in values.enumerated() {
        if index > 0 { text += "," }
        value.write(into: &text)
      }
      text += "]"
    case .object(let members):
      text += "{"
      for (index, key) in members.keys.sorted().enumerated() {
        if index > 0 { text += "," }
        text += ScriptValue.jsonString(key) + ":"
        members[key]!.write(into: &text)
      }
      text += "}"
    }
  }

  /// A finite double as a JSON number that reads back as a double (always with `.` or an exponent).
  static func jsonNumber(_ value: Double) -> String {
    "\(value)"  // Swift's shortest round-tripping form: "1.0", "0.1", "1e+16"
  }

  /// A string as a JSON string literal (RFC 8259 escaping; flowdump's JSON output uses it too).
  package static func jsonString(_ value: String) -> String {
    var result = "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  /// The first non-finite double inside the value, which JSON cannot hold.
  var nonFiniteDouble: Double? {
    switch self {
    case .double(let value): value.isFinite ? nil : value
    case .list(let values): values.lazy.compactMap(\.nonFiniteDouble).first
    case .object(let members): members.values.lazy.compactMap(\.nonFiniteDouble).first
    default: nil
    }
  }
}

extension ScriptValue: CustomStringConvertible {
  /// The value as compact JSON (``json``).
  public var description: String { json }
}

extension ScriptValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
  public init(nilLiteral: ()) { self = .null }
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  public init(integerLiteral value: Int64) { self = .int(value) }
  public init(floatLiteral value: Double) { self = .double(value) }
  public init(stringLiteral value: String) { self = .string(value) }
  public init(arrayLiteral elements: ScriptValue...) { self = .list(elements) }
  public init(dictionaryLiteral elements: (String, ScriptValue)...) {
    self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
  }
}
