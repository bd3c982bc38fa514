import Foundation
import KotlinTestDoubles
import Testing

/// One malformed script and the exact error it must get: the file, the line, and what was expected.
struct MalformedScript: Sendable, CustomTestStringConvertible {
  let name: String
  let jsonl: String
  let code: FlowScriptError.Code
  let line: Int?
  let message: String

  init(_ name: String, _ jsonl: String, _ code: FlowScriptError.Code, line: Int?, _ message: String) {
    self.name = name
    self.jsonl = jsonl
    self.code = code
    self.line = line
    self.message = message
  }

  var testDescription: String { name }
}

private let item = #"{"step":"item","value":1}"#
private let complete = #"{"step":"complete"}"#
private let choices = #""item", "delay", "error", "complete", "cancelled", "awaitCancellation""#
private let ending =
  #"end it with {"step":"complete"}, {"step":"error","class":…}, {"step":"cancelled"} or {"step":"awaitCancellation"}"#

/// Every error the reader gives, each once. The line is the file's (blank lines count).
private let malformedScripts: [MalformedScript] = [
  // Whole-file problems.
  MalformedScript("empty", "", .missingEnd, line: nil, "the script has no steps; \(ending)"),
  MalformedScript("only blank lines", "\n  \n\t\n", .missingEnd, line: nil, "the script has no steps; \(ending)"),
  MalformedScript(
    "truncated", "\(item)\n\(item)\n", .missingEnd, line: nil,
    "the script has no terminal step after its last line (2), as in a truncated recording; \(ending)"),
  // Not JSON.
  MalformedScript(
    "not JSON", "\(item)\nitem 1\n\(complete)", .malformedJSON, line: 2,
    "malformed JSON at column 1: expected a JSON value (an object, array, string, number, true, false or null), "
      + "found 'i'"),
  MalformedScript(
    "missing comma", #"{"step":"item" "value":1}"#, .malformedJSON, line: 1,
    "malformed JSON at column 16: expected ',' or '}' after an object member, found '\"'"),
  MalformedScript(
    "unterminated object", #"{"step":"item","value":1"#, .malformedJSON, line: 1,
    "malformed JSON at column 25: expected ',' or '}' after an object member, found end of line"),
  MalformedScript(
    "two objects on a line", "\(item) \(complete)", .malformedJSON, line: 1,
    "malformed JSON at column 27: unexpected '{' after the JSON object; one object per line"),
  MalformedScript(
    "line ends inside an object", #"{"step":"item","value":"#, .malformedJSON, line: 1,
    "malformed JSON at column 24: expected a JSON value, found end of line"),
  MalformedScript(
    "member without colon", #"{"step" "item"}"#, .malformedJSON, line: 1,
    "malformed JSON at column 9: expected ':' after the member name \"step\", found '\"'"),
  MalformedScript(
    "array missing a comma", #"{"step":"item","value":[1 2]}"#, .malformedJSON, line: 1,
    "malformed JSON at column 27: expected ',' or ']' after an array element, found '2'"),
  MalformedScript(
    "escape at the end of the line", #"{"step":"item","value":"abc\"#, .malformedJSON, line: 1,
    "malformed JSON at column 29: unterminated escape sequence at the end of the line"),
  MalformedScript(
    "an array and more", "[1] x", .malformedJSON, line: 1,
    "malformed JSON at column 5: unexpected 'x' after the JSON value; one value per line"),
  MalformedScript(
    "unquoted key", #"{step:"item"}"#, .malformedJSON, line: 1,
    "malformed JSON at column 2: expected a member name in double quotes, found 's'"),
  MalformedScript(
    "duplicate key", #"{"step":"item","value":1,"value":2}"#, .malformedJSON, line: 1,
    "malformed JSON at column 26: duplicate key \"value\" in an object"),
  MalformedScript(
    "single quotes", #"{"step":'item'}"#, .malformedJSON, line: 1,
    "malformed JSON at column 9: expected a JSON value (an object, array, string, number, true, false or null), "
      + "found '''"),
  MalformedScript(
    "capitalised literal", #"{"step":"item","value":True}"#, .malformedJSON, line: 1,
    "malformed JSON at column 24: expected a JSON value (an object, array, string, number, true, false or null), "
      + "found 'T'"),
  MalformedScript(
    "misspelt literal", #"{"step":"item","value":nul}"#, .malformedJSON, line: 1,
    "malformed JSON at column 24: expected null, found 'n' (JSON literals are lowercase: true, false, null)"),
  MalformedScript(
    "leading zero", #"{"step":"item","value":01}"#, .malformedJSON, line: 1,
    "malformed JSON at column 24: a number must not have a leading zero"),
  MalformedScript(
    "bare minus", #"{"step":"item","value":-}"#, .malformedJSON, line: 1,
    "malformed JSON at column 25: expected a digit after '-', found '}'"),
  MalformedScript(
    "no fraction digits", #"{"step":"item","value":1.}"#, .malformedJSON, line: 1,
    "malformed JSON at column 26: expected a digit after the decimal point, found '}'"),
  MalformedScript(
    "no exponent digits", #"{"step":"item","value":1e}"#, .malformedJSON, line: 1,
    "malformed JSON at column 26: expected a digit in the exponent, found '}'"),
  MalformedScript(
    "integer beyond Long", #"{"step":"item","value":9223372036854775808}"#, .malformedJSON, line: 1,
    "malformed JSON at column 24: the integer 9223372036854775808 does not fit a Kotlin Long "
      + "(-9223372036854775808…9223372036854775807); write it as a string"),
  MalformedScript(
    "double beyond Double", #"{"step":"item","value":1e400}"#, .malformedJSON, line: 1,
    "malformed JSON at column 24: the number 1e400 does not fit a Kotlin Double"),
  MalformedScript(
    "unterminated string", #"{"step":"item","value":"abc}"#, .malformedJSON, line: 1,
    "malformed JSON at column 29: unterminated string (it starts at column 24)"),
  MalformedScript(
    "raw tab in a string", "{\"step\":\"item\",\"value\":\"a\tb\"}", .malformedJSON, line: 1,
    "malformed JSON at column 26: control character U+0009 inside a string; write it as an escape such as \\n"),
  MalformedScript(
    "invalid escape", #"{"step":"item","value":"a\qb"}"#, .malformedJSON, line: 1,
    #"malformed JSON at column 26: invalid escape '\q'; JSON escapes are \" \\ \/ \b \f \n \r \t \uXXXX"#),
  MalformedScript(
    "short unicode escape", #"{"step":"item","value":"\u12"}"#, .malformedJSON, line: 1,
    "malformed JSON at column 29: expected 4 hexadecimal digits after \\u, found '\"'"),
  MalformedScript(
    "lone high surrogate", #"{"step":"item","value":"\uD83D"}"#, .malformedJSON, line: 1,
    #"malformed JSON at column 25: \uD83D is half of a surrogate pair; the low half (\uDC00–\uDFFF) must follow"#),
  MalformedScript(
    "high surrogate and no low one", #"{"step":"item","value":"\uD83D\u0041"}"#, .malformedJSON, line: 1,
    #"malformed JSON at column 25: \uD83D must be followed by a low surrogate (\uDC00–\uDFFF), not \u0041"#),
  MalformedScript(
    "lone low surrogate", #"{"step":"item","value":"\uDE00"}"#, .malformedJSON, line: 1,
    #"malformed JSON at column 25: \uDE00 is a lone low surrogate, not a character"#),
  MalformedScript(
    "nested too deep", #"{"step":"item","value":"# + String(repeating: "[", count: 300), .malformedJSON, line: 1,
    "malformed JSON at column 279: nested deeper than 256 arrays or objects"),
  // JSON, but not a step.
  MalformedScript(
    "an array", "[1, 2]", .invalidStep, line: 1,
    #"expected a JSON object such as {"step":"item","value":1}, found an array"#),
  MalformedScript(
    "a bare value", "\n\n42", .invalidStep, line: 3,
    #"expected a JSON object such as {"step":"item","value":1}, found the integer 42"#),
  MalformedScript(
    "no step key", #"{"value":1}"#, .invalidStep, line: 1,
    #"no "step" key: each line is a step such as {"step":"item","value":1}, with "step" one of \#(choices)"#),
  MalformedScript(
    "step not a string", #"{"step":1}"#, .invalidStep, line: 1,
    #""step" must be a string, one of \#(choices); found the integer 1"#),
  MalformedScript(
    "unknown step", #"{"step":"emit","value":1}"#, .invalidStep, line: 1,
    #"unknown step "emit"; expected one of \#(choices)"#),
  MalformedScript(
    "item without value", #"{"step":"item"}"#, .invalidStep, line: 1,
    #"an "item" step needs "value", any JSON value, e.g. {"step":"item","value":1}"#),
  MalformedScript(
    "item with a misspelt key", #"{"step":"item","valeu":1}"#, .invalidStep, line: 1,
    #"unknown key "valeu" in an "item" step; it has "value", "text""#),
  MalformedScript(
    "item text not a string", #"{"step":"item","value":1,"text":1}"#, .invalidStep, line: 1,
    #""text" of an "item" step must be a string, found the integer 1"#),
  MalformedScript(
    "delay without millis", #"{"step":"delay"}"#, .invalidStep, line: 1,
    #"a "delay" step needs "millis", a whole number of milliseconds ≥ 0, e.g. {"step":"delay","millis":1000}"#),
  MalformedScript(
    "delay in seconds", #"{"step":"delay","millis":1.5}"#, .invalidStep, line: 1,
    #""millis" of a "delay" step must be a whole number of milliseconds ≥ 0, found the number 1.5"#),
  MalformedScript(
    "delay with a second key", #"{"step":"delay","millis":5,"seconds":1}"#, .invalidStep, line: 1,
    #"unknown key "seconds" in a "delay" step; it has "millis""#),
  MalformedScript(
    "negative delay", "\(item)\n{\"step\":\"delay\",\"millis\":-5}\n\(complete)", .negativeDelay, line: 2,
    "negative delay (-5 ms): a script's delays are 0 or more milliseconds "
      + "(Kotlin's delay would return at once; write 0 if that is what you mean)"),
  MalformedScript(
    "error without class", #"{"step":"error","message":"boom"}"#, .invalidStep, line: 1,
    #"an "error" step needs "class", the Kotlin exception's class name, e.g. "#
      + #"{"step":"error","class":"java.io.IOException","message":"offline"}"#),
  MalformedScript(
    "error with an empty class", #"{"step":"error","class":""}"#, .invalidStep, line: 1,
    #"an "error" step needs "class", the Kotlin exception's class name, e.g. "#
      + #"{"step":"error","class":"java.io.IOException","message":"offline"}"#),
  MalformedScript(
    "error message not a string", #"{"step":"error","class":"E","message":42}"#, .invalidStep, line: 1,
    #""message" of an "error" step must be a string or null, found the integer 42"#),
  MalformedScript(
    "complete with a value", #"{"step":"complete","value":1}"#, .invalidStep, line: 1,
    #"unknown key "value" in a "complete" step; it has only "step""#),
  // Order.
  MalformedScript(
    "item after complete", "\(item)\n\(complete)\n\n\(item)", .stepAfterEnd, line: 4,
    #"a step after the end: line 2 ended the flow with "complete", and nothing may follow the terminal step; "#
      + "delete this line or move the terminal step to the end"),
  MalformedScript(
    "complete after error", "{\"step\":\"error\",\"class\":\"E\"}\n\(complete)", .stepAfterEnd, line: 2,
    #"a step after the end: line 1 ended the flow with "error", and nothing may follow the terminal step; "#
      + "delete this line or move the terminal step to the end"),
  // The header.
  MalformedScript(
    "header after a step", "\(item)\n{\"flowScript\":1}\n\(complete)", .invalidStep, line: 2,
    #"a header ({"flowScript":1,…}) may only be the first line of a script"#),
  MalformedScript(
    "header of a later version", "{\"flowScript\":2}\n\(complete)", .invalidStep, line: 1,
    "format version 2 is not supported; this reader knows version 1"),
  MalformedScript(
    "header version not a number", "{\"flowScript\":\"1\"}\n\(complete)", .invalidStep, line: 1,
    #""flowScript" must be the format version, the number 1"#),
  MalformedScript(
    "header with an unknown key", "{\"flowScript\":1,\"typ\":\"Flow<Int>\"}\n\(complete)", .invalidStep, line: 1,
    #"unknown key "typ" in the header; it has "flowScript" (the version, 1), "type", "recordedFrom" and "clock""#),
  MalformedScript(
    "header type not a string", "{\"flowScript\":1,\"type\":[]}\n\(complete)", .invalidStep, line: 1,
    #""type" in the header must be a string, found an array"#),
]

@Suite("FlowScript: reading the JSONL format")
struct FlowScriptParserTests {
  @Test("each malformed script gets its error: code, path, line and message", arguments: malformedScripts)
  func malformed(_ script: MalformedScript) {
    #expect {
      _ = try FlowScript(jsonl: script.jsonl, path: "fixture.jsonl")
    } throws: { error in
      guard let error = error as? FlowScriptError else { return false }
      #expect(error.code == script.code)
      #expect(error.path == "fixture.jsonl")
      #expect(error.line == script.line)
      #expect(error.message == script.message)
      let location = "fixture.jsonl" + (script.line.map { ":\($0)" } ?? "")
      #expect(error.description == "\(location): \(script.message)")
      return true
    }
  }

  @Test("every step and the header, with blank lines and CRLF line ends")
  func everyStep() throws {
    let jsonl =
      #"{"flowScript":1,"type":"Flow<Any?>","recordedFrom":"hand","clock":"virtual"}"# + "\r\n"
      + #"{"step":"item","value":{"user":"ann","tags":["a",null,true,1.5,-2]}}"# + "\n\n"
      + #"{"step":"delay","millis":0}"# + "\n"
      + #"{ "value" : "Element1" , "step" : "item" , "text" : "Element1" }"# + "\n"
      + #"{"step":"delay","millis":1000}"# + "\n"
      + #"{"step":"error","class":"java.io.IOException","message":null}"# + "\n"
    let script = try FlowScript(jsonl: jsonl)
    #expect(script.header == FlowScript.Header(type: "Flow<Any?>", recordedFrom: "hand", clock: "virtual"))
    #expect(
      script.steps == [
        .item(["user": "ann", "tags": ["a", nil, true, 1.5, -2]]), .delay(0), .item("Element1", text: "Element1"),
        .delay(1000),
      ])
    #expect(script.end == .error(className: "java.io.IOException", message: nil))
    #expect(script.itemCount == 2)
  }

  @Test(
    "each terminal step",
    arguments: [
      (#"{"step":"complete"}"#, FlowScript.End.complete),
      (#"{"step":"cancelled"}"#, .cancelled),
      (#"{"step":"awaitCancellation"}"#, .awaitCancellation),
      (#"{"step":"error","class":"E","message":"m"}"#, .error(className: "E", message: "m")),
    ])
  func terminals(_ line: String, _ end: FlowScript.End) throws {
    #expect(try FlowScript(jsonl: line).end == end)
  }

  @Test("a script written as JSONL reads back equal, line for line")
  func roundTrip() throws {
    let script = try FlowScript(
      [
        .item("tab\there \"quoted\" \u{1}"), .delay(5), .item([1, [2, 3]], text: "[1, [2, 3]]"), .item(nil),
        .item(["b": 1, "a": 2.5]), .item("😀 é"),
      ],
      end: .error(className: "kotlin.IllegalStateException", message: "line\nbreak"),
      header: FlowScript.Header(type: "Flow<Any?>"))
    let text = script.jsonl
    #expect(try FlowScript(jsonl: text) == script)
    #expect(
      text.split(separator: "\n").map(String.init) == [
        #"{"flowScript":1,"type":"Flow<Any?>"}"#,
        #"{"step":"item","value":"tab\there \"quoted\" \u0001"}"#,
        #"{"step":"delay","millis":5}"#,
        #"{"step":"item","value":[1,[2,3]],"text":"[1, [2, 3]]"}"#,
        #"{"step":"item","value":null}"#,
        #"{"step":"item","value":{"a":2.5,"b":1}}"#,
        #"{"step":"item","value":"😀 é"}"#,
        #"{"step":"error","class":"kotlin.IllegalStateException","message":"line\nbreak"}"#,
      ])
  }

  @Test("a file that is not UTF-8 is refused with its line")
  func notUTF8() throws {
    let path = "/tmp/flowscript-parser-\(UInt32.random(in: 0...UInt32.max)).jsonl"
    var bytes = Array("\(item)\n".utf8)
    bytes += [0x7B, 0xFF, 0x7D, 0x0A]
    #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect {
      _ = try FlowScript(contentsOfFile: path)
    } throws: { error in
      let error = error as? FlowScriptError
      return error?.code == .notUTF8 && error?.line == 2 && error?.path == path
        && error?.message == "not UTF-8 text; a script file is UTF-8 JSON, one object per line"
    }
  }

  @Test("a missing file and a directory are unreadable, with the path")
  func unreadable() {
    for (path, message) in [
      ("/tmp/no-such-flowscript.jsonl", "no such file"), ("/tmp", "is a directory, not a script file"),
    ] {
      #expect {
        _ = try FlowScript(contentsOfFile: path)
      } throws: { error in
        (error as? FlowScriptError) == FlowScriptError(code: .unreadable, path: path, message: message)
      }
    }
  }

  @Test("scripts built in Swift are checked too, naming the step")
  func builtInSwift() {
    #expect(throws: FlowScriptError(code: .negativeDelay, step: 1, message: negativeDelayMessage)) {
      try FlowScript([.item(1), .delay(-1)])
    }
    #expect(
      throws: FlowScriptError(
        code: .invalidValue, step: 0,
        message: "an item holds the double inf, which JSON cannot represent; use a string or null")
    ) {
      try FlowScript([.item(["x": .double(.infinity)])])
    }
    #expect(
      throws: FlowScriptError(
        code: .invalidValue, step: 1,
        message: "an error step needs a Kotlin class name, e.g. \"java.io.IOException\"; it is empty")
    ) {
      try FlowScript([.item(1)], end: .error(className: "", message: nil))
    }
    #expect(
      FlowScriptError(code: .negativeDelay, step: 1, message: "m").description == "step 1: m",
      "a Swift script's error names the step")
  }
}

private let negativeDelayMessage =
  "negative delay (-1 ms): a script's delays are 0 or more milliseconds "
  + "(Kotlin's delay would return at once; write 0 if that is what you mean)"
