import Foundation
import KotlinTestDoubles
import Testing

@Suite("ScriptValue: JSON values and the user's Codable types")
struct ScriptValueTests {
  private struct Login: Codable, Equatable {
    let user: String
    let attempts: Int
    let remember: Bool?
  }

  @Test("JSON reads into each case; integers and doubles stay apart")
  func reading() throws {
    #expect(
      try ScriptValue(json: #" {"a": [null, true, false, 0, -12, 1.5, 1e3, "x\u00e9\n"], "b": {}} "#)
        == ["a": [nil, true, false, 0, -12, 1.5, 1000.0, "xé\n"], "b": .object([:])])
    #expect(try ScriptValue(json: "9223372036854775807") == .int(.max))
    #expect(try ScriptValue(json: "1.0") == .double(1))
    #expect(try ScriptValue(json: #""\ud83d\ude00""#) == "😀")
  }

  @Test("compact JSON with sorted keys, which reads back equal")
  func writing() throws {
    let value: ScriptValue = ["b": [1, 2.5, "q\"\\"], "a": nil, "c": ["z": false]]
    #expect(value.json == #"{"a":null,"b":[1,2.5,"q\"\\"],"c":{"z":false}}"#)
    #expect(try ScriptValue(json: value.json) == value)
    #expect(ScriptValue.double(1e16).json == "1e+16")
    #expect(try ScriptValue(json: ScriptValue.double(1e16).json) == .double(1e16))
  }

  @Test("decodes into a Decodable type, and encodes from an Encodable one")
  func codable() throws {
    let value: ScriptValue = ["user": "ann", "attempts": 2]
    #expect(try value.decode(Login.self) == Login(user: "ann", attempts: 2, remember: nil))
    #expect(
      try ScriptValue(encoding: Login(user: "ann", attempts: 2, remember: true)) == [
        "user": "ann", "attempts": 2, "remember": true,
      ])
    #expect(try ScriptValue.string("top-level").decode(String.self) == "top-level")
    #expect(throws: DecodingError.self) { try ScriptValue.list([1]).decode(Login.self) }
  }

  @Test("malformed JSON names the column")
  func malformed() {
    #expect(
      throws: FlowScriptError(
        code: .malformedJSON, message: "column 4: expected ',' or ']' after an array element, found '2'")
    ) {
      try ScriptValue(json: "[1 2]")
    }
  }
}
