import Foundation

/// The JSONL form of a script: one JSON object per line, each a step, in order; an optional header
/// first. Blank lines are skipped (line numbers still count them).
///
/// ```
/// {"flowScript":1,"type":"Flow<Long>","recordedFrom":"ticks 1000 3","clock":"virtual"}
/// {"step":"delay","millis":1000}
/// {"step":"item","value":0}
/// {"step":"item","value":"Element1","text":"Element1"}
/// {"step":"error","class":"java.io.IOException","message":"offline"}
/// ```
///
/// | step | fields |
/// | --- | --- |
/// | `item` | `value`: any JSON value; `text` (optional): how tools print it |
/// | `delay` | `millis`: a whole number ≥ 0 |
/// | `error` | `class`: the Kotlin exception class; `message` (optional): a string or null |
/// | `complete`, `cancelled`, `awaitCancellation` | none |
///
/// Exactly one terminal step (`complete`, `error`, `cancelled`, `awaitCancellation`) ends the script,
/// on its last line: a file without one (empty or truncated) is refused, and so is any step after it.
extension FlowScript {
  /// The step names of the format, in the order the documentation lists them.
  static let stepNames = ["item", "delay", "error", "complete", "cancelled", "awaitCancellation"]
  static let currentVersion: Int64 = 1

  /// Reads a script file (see the format above and the README's "Scripted flows").
  ///
  /// ```swift
  /// let script = try FlowScript(contentsOfFile: "Tests/Fixtures/messages.jsonl")
  /// ```
  ///
  /// - Throws: ``FlowScriptError`` with the path, the line and what was expected there.
  public init(contentsOfFile path: String) throws(FlowScriptError) {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw FlowScriptError(code: .unreadable, path: path, message: "no such file")
    }
    guard !isDirectory.boolValue else {
      throw FlowScriptError(code: .unreadable, path: path, message: "is a directory, not a script file")
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw FlowScriptError(code: .unreadable, path: path, message: "cannot be read (check its permissions)")
    }
    try self.init(lines: Self.lines(of: Array(data)), path: path)
  }

  /// Reads a script from its JSONL text; `path` only names it in errors.
  ///
  /// ```swift
  /// let script = try FlowScript(jsonl: """
  ///   {"step":"item","value":"ann"}
  ///   {"step":"complete"}
  ///   """)
  /// ```
  ///
  /// - Throws: ``FlowScriptError`` with the line and what was expected there.
  public init(jsonl: String, path: String? = nil) throws(FlowScriptError) {
    try self.init(lines: Self.lines(of: Array(jsonl.utf8)), path: path)
  }

  /// The script as JSONL: the header (when it has any field), each step, then the terminal step.
  /// Reading it back gives an equal script.
  public var jsonl: String {
    var lines: [String] = []
    if !header.isEmpty { lines.append(header.jsonLine) }
    lines += steps.map(\.jsonLine)
    lines.append(end.jsonLine)
    return lines.joined(separator: "\n") + "\n"
  }

  /// Writes ``jsonl`` to `path`, replacing the file.
  public func write(toFile path: String) throws {
    try Data(jsonl.utf8).write(to: URL(fileURLWithPath: path))
  }

  private static func lines(of bytes: [UInt8]) -> [ArraySlice<UInt8>] {
    var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    if lines.last?.isEmpty == true { lines.removeLast() }  // the final newline ends the last line
    return lines.map { $0.last == UInt8(ascii: "\r") ? $0.dropLast() : $0 }
  }

  private init(lines: [ArraySlice<UInt8>], path: String?) throws(FlowScriptError) {
    var header = Header()
    var steps: [Step] = []
    var end: (End, line: Int)?
    var sawStepOrHeader = false
    for (offset, bytes) in lines.enumerated() {
      let line = offset + 1
      func fail(_ code: FlowScriptError.Code, _ message: String) -> FlowScriptError {
        FlowScriptError(code: code, path: path, line: line, message: message)
      }
      guard let text = String(validating: bytes, as: UTF8.self) else {
        throw fail(.notUTF8, "not UTF-8 text; a script file is UTF-8 JSON, one object per line")
      }
      if text.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
      let members: [(key: String, value: ScriptValue)]
      do {
        guard let object = try ScriptJSONReader.readObjectMembers(text) else {
          let value = try ScriptJSONReader.read(text)
          throw fail(
            .invalidStep,
            "expected a JSON object such as {\"step\":\"item\",\"value\":1}, found \(Self.kind(of: value))")
        }
        members = object
      } catch let failure as ScriptJSONReader.Failure {
        throw fail(.malformedJSON, "malformed JSON at \(failure)")
      } catch let error as FlowScriptError {
        throw error
      } catch {
        preconditionFailure("Invalid state: unexpected error \(error)")
      }
      let fields = Fields(members: members)
      if fields.has("flowScript") {
        guard !sawStepOrHeader else {
          throw fail(.invalidStep, "a header ({\"flowScript\":1,…}) may only be the first line of a script")
        }
        sawStepOrHeader = true
        header = try Self.parseHeader(fields).mapError { fail($0.code, $0.message) }.get()
        continue
      }
      sawStepOrHeader = true
      let parsed = try Self.parseStep(fields).mapError { fail($0.code, $0.message) }.get()
      if let (endStep, endLine) = end {
        throw fail(
          .stepAfterEnd,
          "a step after the end: line \(endLine) ended the flow with \"\(endStep.name)\", and nothing may "
            + "follow the terminal step; delete this line or move the terminal step to the end")
      }
      switch parsed {
      case .step(let step): steps.append(step)
      case .end(let terminal): end = (terminal, line)
      }
    }
    guard let (terminal, _) = end else {
      let ending =
        "end it with {\"step\":\"complete\"}, {\"step\":\"error\",\"class\":…}, {\"step\":\"cancelled\"} "
        + "or {\"step\":\"awaitCancellation\"}"
      if steps.isEmpty {
        throw FlowScriptError(code: .missingEnd, path: path, message: "the script has no steps; \(ending)")
      }
      throw FlowScriptError(
        code: .missingEnd, path: path,
        message: "the script has no terminal step after its last line (\(lines.count)), as in a truncated "
          + "recording; \(ending)")
    }
    try self.init(steps, end: terminal, header: header)
  }

  private enum Parsed {
    case step(Step)
    case end(End)
  }

  private struct Problem: Error {
    let code: FlowScriptError.Code
    let message: String
    init(_ message: String, code: FlowScriptError.Code = .invalidStep) {
      self.code = code
      self.message = message
    }
  }

  /// One line's members, with checks that name the step.
  private struct Fields {
    let members: [(key: String, value: ScriptValue)]
    func has(_ key: String) -> Bool { members.contains { $0.key == key } }
    subscript(key: String) -> ScriptValue? { members.first { $0.key == key }?.value }

    /// Refuses keys other than `allowed`.
    func only(_ allowed: [String], in step: String) -> Problem? {
      guard let unknown = members.first(where: { !allowed.contains($0.key) }) else { return nil }
      let expected =
        allowed.count == 1
        ? "it has only \"step\"" : "it has " + allowed.dropFirst().map { "\"\($0)\"" }.joined(separator: ", ")
      let article = step.first.map { "aeiou".contains($0) } == true ? "an" : "a"
      return Problem("unknown key \"\(unknown.key)\" in \(article) \"\(step)\" step; \(expected)")
    }
  }

  private static func parseHeader(_ fields: Fields) -> Result<Header, Problem> {
    let allowed = ["flowScript", "type", "recordedFrom", "clock"]
    if let unknown = fields.members.first(where: { !allowed.contains($0.key) }) {
      return .failure(
        Problem(
          "unknown key \"\(unknown.key)\" in the header; it has \"flowScript\" (the version, 1), \"type\", "
            + "\"recordedFrom\" and \"clock\""))
    }
    guard case .int(let version) = fields["flowScript"] else {
      return .failure(Problem("\"flowScript\" must be the format version, the number 1"))
    }
    guard version == currentVersion else {
      return .failure(
        Problem("format version \(version) is not supported; this reader knows version \(currentVersion)"))
    }
    var header = Header()
    for key in ["type", "recordedFrom", "clock"] {
      guard let value = fields[key] else { continue }
      guard case .string(let text) = value else {
        return .failure(Problem("\"\(key)\" in the header must be a string, found \(kind(of: value))"))
      }
      switch key {
      case "type": header.type = text
      case "recordedFrom": header.recordedFrom = text
      default: header.clock = text
      }
    }
    return .success(header)
  }

  private static func parseStep(_ fields: Fields) -> Result<Parsed, Problem> {
    let example = "{\"step\":\"item\",\"value\":1}"
    let choices = stepNames.map { "\"\($0)\"" }.joined(separator: ", ")
    guard let stepValue = fields["step"] else {
      return .failure(
        Problem("no \"step\" key: each line is a step such as \(example), with \"step\" one of \(choices)"))
    }
    guard case .string(let name) = stepValue else {
      return .failure(Problem("\"step\" must be a string, one of \(choices); found \(kind(of: stepValue))"))
    }
    switch name {
    case "item":
      if let problem = fields.only(["step", "value", "text"], in: name) { return .failure(problem) }
      guard let value = fields["value"] else {
        return .failure(Problem("an \"item\" step needs \"value\", any JSON value, e.g. \(example)"))
      }
      var text: String?
      if let textValue = fields["text"] {
        guard case .string(let string) = textValue else {
          return .failure(Problem("\"text\" of an \"item\" step must be a string, found \(kind(of: textValue))"))
        }
        text = string
      }
      return .success(.step(.item(value, text: text)))
    case "delay":
      if let problem = fields.only(["step", "millis"], in: name) { return .failure(problem) }
      guard let millisValue = fields["millis"] else {
        return .failure(
          Problem(
            "a \"delay\" step needs \"millis\", a whole number of milliseconds ≥ 0, e.g. {\"step\":\"delay\",\"millis\":1000}"
          ))
      }
      guard case .int(let millis) = millisValue else {
        return .failure(
          Problem(
            "\"millis\" of a \"delay\" step must be a whole number of milliseconds ≥ 0, found \(kind(of: millisValue))")
        )
      }
      if let problem = problem(with: .delay(millis)) { return .failure(Problem(problem.message, code: problem.code)) }
      return .success(.step(.delay(millis)))
    case "error":
      if let problem = fields.only(["step", "class", "message"], in: name) { return .failure(problem) }
      guard case .string(let className)? = fields["class"], !className.isEmpty else {
        return .failure(
          Problem(
            "an \"error\" step needs \"class\", the Kotlin exception's class name, e.g. "
              + "{\"step\":\"error\",\"class\":\"java.io.IOException\",\"message\":\"offline\"}"))
      }
      var message: String?
      switch fields["message"] {
      case nil, .null?: message = nil
      case .string(let text)?: message = text
      case let other?:
        return .failure(Problem("\"message\" of an \"error\" step must be a string or null, found \(kind(of: other))"))
      }
      return .success(.end(.error(className: className, message: message)))
    case "complete", "cancelled", "awaitCancellation":
      if let problem = fields.only(["step"], in: name) { return .failure(problem) }
      let end: End = name == "complete" ? .complete : name == "cancelled" ? .cancelled : .awaitCancellation
      return .success(.end(end))
    default:
      return .failure(Problem("unknown step \"\(name)\"; expected one of \(choices)"))
    }
  }

  /// "an array", "the string \"a\"", for messages.
  static func kind(of value: ScriptValue) -> String {
    switch value {
    case .null: "null"
    case .bool(let value): "\(value)"
    case .int(let value): "the integer \(value)"
    case .double(let value): "the number \(ScriptValue.jsonNumber(value))"
    case .string(let text): "the string \(ScriptValue.jsonString(text))"
    case .list: "an array"
    case .object: "an object"
    }
  }
}

extension FlowScript.Step {
  /// The step as one line of the JSONL format (no newline).
  public var jsonLine: String {
    switch self {
    case .item(let value, let text):
      #"{"step":"item","value":\#(value.json)"# + (text.map { #","text":\#(ScriptValue.jsonString($0))"# } ?? "")
        + "}"
    case .delay(let millis): #"{"step":"delay","millis":\#(millis)}"#
    }
  }
}

extension FlowScript.End {
  /// The terminal step as one line of the JSONL format (no newline).
  public var jsonLine: String {
    switch self {
    case .error(let className, let message):
      #"{"step":"error","class":\#(ScriptValue.jsonString(className))"#
        + (message.map { #","message":\#(ScriptValue.jsonString($0))"# } ?? "") + "}"
    default: #"{"step":"\#(name)"}"#
    }
  }

  /// The step's name in the format: `complete`, `error`, `cancelled`, `awaitCancellation`.
  public var name: String {
    switch self {
    case .complete: "complete"
    case .error: "error"
    case .cancelled: "cancelled"
    case .awaitCancellation: "awaitCancellation"
    }
  }
}

extension FlowScript.Header {
  /// The header as the first line of the JSONL format (no newline); only the fields that are set.
  public var jsonLine: String {
    var text = #"{"flowScript":\#(FlowScript.currentVersion)"#
    for (key, value) in [("type", type), ("recordedFrom", recordedFrom), ("clock", clock)] {
      if let value { text += ",\(ScriptValue.jsonString(key)):\(ScriptValue.jsonString(value))" }
    }
    return text + "}"
  }
}
