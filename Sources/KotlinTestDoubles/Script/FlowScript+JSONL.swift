import Foundation

#if canImport(Glibc)
  import Glibc
#endif

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
  /// `"item", "delay", …` for messages; built once, not for every line read.
  static let stepChoices = stepNames.map { "\"\($0)\"" }.joined(separator: ", ")

  /// Reads a script file (see the format above and the README's "Scripted flows").
  ///
  /// ```swift
  /// let script = try FlowScript(contentsOfFile: "Tests/Fixtures/messages.jsonl")
  /// ```
  ///
  /// - Throws: ``FlowScriptError`` with the path, the line and what was expected there.
  public init(contentsOfFile path: String) throws(FlowScriptError) {
    // Opened and read with the system's calls, not FileManager: the file is read as a stream (see
    // ScriptLineReader), and what it is (a directory, a device, a pipe) and why it cannot be opened
    // come from the system.
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      let reason = errno
      let message =
        switch reason {
        case ENOENT: "no such file"
        case EACCES: "cannot be read (check its permissions)"
        default: "cannot be opened: \(String(cString: strerror(reason)))"
        }
      throw FlowScriptError(code: .unreadable, path: path, message: message)
    }
    defer { close(descriptor) }
    var status = stat()
    let kind = fstat(descriptor, &status) == 0 ? status.st_mode & S_IFMT : S_IFREG
    guard kind != S_IFDIR else {
      throw FlowScriptError(code: .unreadable, path: path, message: "is a directory, not a script file")
    }
    var lines = ScriptLineReader(descriptor: descriptor)
    try self.init(lines: &lines, path: path, notRegular: Self.describe(fileKind: kind))
  }

  /// "a character device" for a file that is not a regular one (nil for a regular file): an empty
  /// read of /dev/null or a pipe is then told apart from an empty file.
  private static func describe(fileKind kind: mode_t) -> String? {
    switch kind {
    case S_IFREG: nil
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFIFO: "a pipe"
    case S_IFSOCK: "a socket"
    default: "not a regular file"
    }
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
    var lines = ScriptLineReader(bytes: Array(jsonl.utf8))
    try self.init(lines: &lines, path: path, notRegular: nil)
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

  /// Reads the script line by line: only the current line and the steps read so far are held.
  private init(lines: inout ScriptLineReader, path: String?, notRegular: String?) throws(FlowScriptError) {
    var header = Header()
    var steps: [Step] = []
    var end: (End, line: Int)?
    var sawStepOrHeader = false
    var line = 0
    while true {
      let next: [UInt8]?
      do {
        next = try lines.next()
      } catch {
        throw FlowScriptError(
          code: .unreadable, path: path,
          message: "cannot be read after line \(line): \(String(cString: strerror(error.errorNumber)))")
      }
      guard let bytes = next else { break }
      line += 1
      func fail(_ code: FlowScriptError.Code, _ message: String) -> FlowScriptError {
        FlowScriptError(code: code, path: path, line: line, message: message)
      }
      if bytes.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { continue }
      // Checked, not kept: the reader reads the bytes themselves.
      guard String(validating: bytes, as: UTF8.self) != nil else {
        throw fail(.notUTF8, "not UTF-8 text; a script file is UTF-8 JSON, one object per line")
      }
      let object: ScriptJSONReader.Object
      do {
        guard let read = try ScriptJSONReader.readObject(bytes) else {
          let value = try ScriptJSONReader.read(bytes)
          throw fail(
            .invalidStep,
            "expected a JSON object such as {\"step\":\"item\",\"value\":1}, found \(Self.kind(of: value))")
        }
        object = read
      } catch let failure as ScriptJSONReader.Failure {
        throw fail(.malformedJSON, "malformed JSON at \(failure)")
      } catch let error as FlowScriptError {
        throw error
      } catch {
        preconditionFailure("Invalid state: unexpected error \(error)")
      }
      let fields = Fields(object)
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
      if line == 0, let notRegular {
        // /dev/null, an empty pipe: readable, and no lines at all (not a permissions problem).
        throw FlowScriptError(
          code: .missingEnd, path: path,
          message: "it is \(notRegular), not a regular file, and reading it gave no lines; a script has at least "
            + "its end step, such as {\"step\":\"complete\"}")
      }
      if steps.isEmpty {
        throw FlowScriptError(code: .missingEnd, path: path, message: "the script has no steps; \(ending)")
      }
      throw FlowScriptError(
        code: .missingEnd, path: path,
        message: "the script has no terminal step after its last line (\(line)), as in a truncated "
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
    let object: ScriptJSONReader.Object
    init(_ object: ScriptJSONReader.Object) { self.object = object }
    /// The keys in the order the line has them.
    var keys: [String] { object.keys }
    func has(_ key: String) -> Bool { object.members[key] != nil }
    subscript(key: String) -> ScriptValue? { object.members[key] }

    /// Refuses keys other than `allowed`.
    func only(_ allowed: [String], in step: String) -> Problem? {
      guard let unknown = keys.first(where: { !allowed.contains($0) }) else { return nil }
      let expected =
        allowed.count == 1
        ? "it has only \"step\"" : "it has " + allowed.dropFirst().map { "\"\($0)\"" }.joined(separator: ", ")
      let article = step.first.map { "aeiou".contains($0) } == true ? "an" : "a"
      return Problem("unknown key \(Excerpt.jsonString(unknown)) in \(article) \"\(step)\" step; \(expected)")
    }
  }

  private static func parseHeader(_ fields: Fields) -> Result<Header, Problem> {
    let allowed = ["flowScript", "type", "recordedFrom", "clock"]
    if let unknown = fields.keys.first(where: { !allowed.contains($0) }) {
      return .failure(
        Problem(
          "unknown key \(Excerpt.jsonString(unknown)) in the header; it has \"flowScript\" (the version, 1), \"type\", "
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
    let choices = stepChoices
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
      let end = End.error(className: className, message: message)
      if let problem = problem(with: end) { return .failure(Problem(problem.message, code: problem.code)) }
      return .success(.end(end))
    case "complete", "cancelled", "awaitCancellation":
      if let problem = fields.only(["step"], in: name) { return .failure(problem) }
      let end: End = name == "complete" ? .complete : name == "cancelled" ? .cancelled : .awaitCancellation
      return .success(.end(end))
    default:
      return .failure(Problem("unknown step \(Excerpt.jsonString(name)); expected one of \(choices)"))
    }
  }

  /// "an array", "the string \"a\"", for messages.
  static func kind(of value: ScriptValue) -> String {
    switch value {
    case .null: "null"
    case .bool(let value): "\(value)"
    case .int(let value): "the integer \(value)"
    case .double(let value): "the number \(ScriptValue.jsonNumber(value))"
    case .string(let text): "the string \(Excerpt.jsonString(text))"
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
