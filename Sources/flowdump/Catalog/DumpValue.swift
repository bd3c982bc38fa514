import KotlinFixtures
import KotlinTestDoubles

/// One value as flowdump prints it: readable text and a JSON value.
struct DumpValue: Sendable {
  let text: String
  let json: String

  static func number(_ value: some BinaryInteger) -> DumpValue { DumpValue(text: "\(value)", json: "\(value)") }

  static func string(_ value: String) -> DumpValue {
    let quoted = JSON.string(value)
    return DumpValue(text: quoted, json: quoted)
  }

  static func elem(_ value: Elem) -> DumpValue {
    DumpValue(text: value.description, json: JSON.string(value.description))
  }

  static let null = DumpValue(text: "null", json: "null")
  static let unit = DumpValue(text: "Unit", json: JSON.string("Unit"))

  static func optional<T>(_ value: T?, _ render: (T) -> DumpValue) -> DumpValue { value.map(render) ?? .null }

  static func list(_ values: [DumpValue]) -> DumpValue {
    DumpValue(
      text: "[" + values.map(\.text).joined(separator: ", ") + "]",
      json: "[" + values.map(\.json).joined(separator: ",") + "]")
  }
}

/// Just enough JSON: string escaping per RFC 8259, shared with the scripts flowdump reads and records.
enum JSON {
  static func string(_ value: String) -> String { ScriptValue.jsonString(value) }
}
