/// A JSON value and its serialisation (no Foundation): enough for one report document.
enum JSON: Sendable {
  case null
  case bool(Bool)
  case number(Double)
  case integer(Int)
  case string(String)
  case array([JSON])
  case object([(String, JSON)])

  static func number(_ value: Double?) -> JSON {
    guard let value, value.isFinite else { return .null }
    return .number(value)
  }

  static func summary(_ summary: Summary?) -> JSON {
    guard let summary else { return .null }
    return .object([("median", .number(summary.median)), ("min", .number(summary.min)), ("max", .number(summary.max))])
  }

  /// Compact, with a newline after each element of the top-level object for readability.
  func serialized(indent: Int = 0) -> String {
    switch self {
    case .null: return "null"
    case .bool(let value): return value ? "true" : "false"
    case .integer(let value): return String(value)
    case .number(let value): return Self.number(text: value)
    case .string(let value): return Self.quoted(value)
    case .array(let values): return "[" + values.map { $0.serialized(indent: indent + 1) }.joined(separator: ",") + "]"
    case .object(let members):
      let separator = indent == 0 ? ",\n  " : ","
      let body = members.map { Self.quoted($0.0) + ":" + $0.1.serialized(indent: indent + 1) }.joined(
        separator: separator)
      return indent == 0 ? "{\n  " + body + "\n}" : "{" + body + "}"
    }
  }

  private static func number(text value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
    return Format.fixed(value, 6).replacingTrailingZeros()
  }

  private static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
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
}

extension String {
  /// "1.500000" → "1.5".
  fileprivate func replacingTrailingZeros() -> String {
    guard contains(".") else { return self }
    var text = Substring(self)
    while text.hasSuffix("0") { text = text.dropLast() }
    if text.hasSuffix(".") { text = text.dropLast() }
    return String(text)
  }
}
