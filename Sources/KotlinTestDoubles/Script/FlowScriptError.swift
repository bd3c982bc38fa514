/// Why a ``FlowScript`` or a script file was refused: the file and line (or the step) and what was
/// expected there.
///
/// `description` reads like a compiler diagnostic, e.g.
/// `login.jsonl:3: "delay" needs "millis", a whole number of milliseconds ≥ 0`.
///
/// ```swift
/// do {
///   _ = try FlowScript(contentsOfFile: "Fixtures/login.jsonl")
/// } catch let error as FlowScriptError where error.code == .negativeDelay {
///   print(error.line ?? 0, error.message)
/// }
/// ```
public struct FlowScriptError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The kind of problem, for tests and tools that react to one kind.
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    private let name: String
    private init(_ name: String) { self.name = name }
    public var description: String { name }

    /// The file could not be read (missing, a directory, no permission).
    public static let unreadable = Code("unreadable")
    /// The file is not UTF-8 text.
    public static let notUTF8 = Code("notUTF8")
    /// A line is not one JSON value.
    public static let malformedJSON = Code("malformedJSON")
    /// A line is JSON, but not a step: not an object, no or an unknown `"step"`, a missing, unknown or
    /// mistyped field.
    public static let invalidStep = Code("invalidStep")
    /// A delay of fewer than 0 milliseconds.
    public static let negativeDelay = Code("negativeDelay")
    /// A step after the terminal step (`complete`, `error`, `cancelled` or `awaitCancellation`).
    public static let stepAfterEnd = Code("stepAfterEnd")
    /// The script has no terminal step (an empty or truncated file).
    public static let missingEnd = Code("missingEnd")
    /// An item holds a value JSON cannot (a non-finite double), or an error step has no class name or
    /// holds U+0000 in its class or message (a Kotlin string cannot).
    public static let invalidValue = Code("invalidValue")
  }

  public let code: Code
  /// The file the script was read from, if any.
  public let path: String?
  /// The line (from 1) of the file, or nil for a script built in Swift or a whole-file problem.
  public let line: Int?
  /// The step (from 0) of a script built in Swift, if the problem is in one step.
  public let step: Int?
  /// What is wrong and what was expected.
  public let message: String

  public init(code: Code, path: String? = nil, line: Int? = nil, step: Int? = nil, message: String) {
    self.code = code
    self.path = path
    self.line = line
    self.step = step
    self.message = message
  }

  /// `path:line: message`, `path: message`, `step 3: message`, or the message alone.
  public var description: String {
    var location = path ?? ""
    if let line { location += (location.isEmpty ? "line " : ":") + "\(line)" }
    if let step, line == nil { location += (location.isEmpty ? "" : ": ") + "step \(step)" }
    return location.isEmpty ? message : "\(location): \(message)"
  }

  func at(path: String?, line: Int?) -> FlowScriptError {
    FlowScriptError(code: code, path: path, line: line, step: line == nil ? step : nil, message: message)
  }
}
