import KotlinBridge

/// A cold flow written as data: items, delays, then how it ends. Read it from a JSONL file
/// (``init(contentsOfFile:)``, one step per line; the format is in the README, "Scripted flows"),
/// build it in Swift, or let `flowdump dump … --record file.jsonl` capture a run.
///
/// ``flow()`` runs the script through the Kotlin runtime with the ``flow(_:)`` double, so every
/// collection replays it anew, delays run on the scope's clock (instant under virtual time),
/// cancellation stops it at the next item or delay, and the leak check counts it.
///
/// ```swift
/// let script = try FlowScript([
///   .item(["Welcome"]),
///   .delay(1_000),
///   .item(["Welcome", "You have 1 new message"]),
/// ], end: .error(className: "java.io.IOException", message: "offline"))
/// let messages: ColdFlow<[String]> = script.flow(decoding: [String].self)
/// ```
///
/// How items cross the C contract follows the element type, as for any double: `flow()`'s
/// ``ScriptValue``s are opaque Kotlin objects (boxes), while `flow(decoding: Int32.self)` emits Kotlin
/// `Int`s and `flow(decoding: [String].self)` Kotlin `List<String>`s.
public struct FlowScript: Sendable, Hashable {
  /// One step before the end.
  public enum Step: Sendable, Hashable {
    /// Emit `value`. `text` is how a tool prints the item when that is not its JSON (a Kotlin object's
    /// `toString()`, such as an enum entry `Element1`); it does not change the value.
    case item(ScriptValue, text: String? = nil)
    /// `delay(millis)` on the collecting scope's clock; 0 only yields. Never negative.
    case delay(Int64)
  }

  /// How the flow ends, after its last step.
  public enum End: Sendable, Hashable {
    /// The flow completes normally.
    case complete
    /// The flow throws a Kotlin exception of `className` (e.g. `java.io.IOException`) with `message`.
    case error(className: String, message: String?)
    /// The flow's body throws `CancellationException`: the collector sees the Kotlin side cancel.
    case cancelled
    /// The flow never ends by itself (Kotlin's `awaitCancellation()`): it suspends, without running a
    /// clock, until its collector cancels it. Recordings of a run cut short (`--take`, a timeout)
    /// end this way, and so do scripts of state flows.
    case awaitCancellation
  }

  /// Where the script came from: optional, informative, kept in the file's first line.
  public struct Header: Sendable, Hashable {
    /// The Kotlin type of the flow, e.g. `Flow<Long>`; tools print it. Nil: `Flow<Any?>`.
    public var type: String?
    /// What was recorded, e.g. `ticks 1000 3`.
    public var recordedFrom: String?
    /// The clock of the recording: `virtual` (delays are exact) or `real` (delays are measured
    /// wall-clock gaps, in whole milliseconds).
    public var clock: String?

    public init(type: String? = nil, recordedFrom: String? = nil, clock: String? = nil) {
      self.type = type
      self.recordedFrom = recordedFrom
      self.clock = clock
    }

    var isEmpty: Bool { type == nil && recordedFrom == nil && clock == nil }
  }

  /// The items and delays, in order.
  public let steps: [Step]
  /// How the flow ends after its last step.
  public let end: End
  /// Where the script came from (informative; written as the file's first line).
  public var header: Header

  /// A script of `steps`, then `end`.
  ///
  /// - Throws: ``FlowScriptError`` naming the step: `negativeDelay` for a delay below 0,
  ///   `invalidValue` for a non-finite double in an item (JSON has none) or an error without a class.
  public init(_ steps: [Step], end: End = .complete, header: Header = Header()) throws(FlowScriptError) {
    for (index, step) in steps.enumerated() {
      if let problem = Self.problem(with: step) { throw problem.at(path: nil, line: nil).step(index) }
    }
    if let problem = Self.problem(with: end) { throw problem.step(steps.count) }
    self.steps = steps
    self.end = end
    self.header = header
  }

  /// The number of items.
  public var itemCount: Int { steps.count { if case .item = $0 { true } else { false } } }

  static func problem(with step: Step) -> FlowScriptError? {
    switch step {
    case .delay(let millis) where millis < 0:
      FlowScriptError(
        code: .negativeDelay,
        message: "negative delay (\(millis) ms): a script's delays are 0 or more milliseconds "
          + "(Kotlin's delay would return at once; write 0 if that is what you mean)")
    case .item(let value, _):
      value.nonFiniteDouble.map { double in
        FlowScriptError(
          code: .invalidValue,
          message: "an item holds the double \(double), which JSON cannot represent; use a string or null")
      }
    case .delay: nil
    }
  }

  static func problem(with end: End) -> FlowScriptError? {
    guard case .error(let className, let message) = end else { return nil }
    if className.isEmpty {
      return FlowScriptError(
        code: .invalidValue,
        message: "an error step needs a Kotlin class name, e.g. \"java.io.IOException\"; it is empty")
    }
    // A Kotlin string cannot hold U+0000: the exception's class or message would be cut there.
    for (field, text) in [("class", className), ("message", message ?? "")] {
      guard let offset = text.unicodeScalars.firstIndex(of: "\u{0}") else { continue }
      let position = text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: offset) + 1
      return FlowScriptError(
        code: .invalidValue,
        message: "the \"\(field)\" of an error step holds U+0000 (NUL) at character \(position), which a "
          + "Kotlin string cannot hold (it would be cut there); remove it or write it as text, such as \"\\\\u0000\"")
    }
    return nil
  }
}

extension FlowScriptError {
  func step(_ index: Int) -> FlowScriptError {
    FlowScriptError(code: code, path: path, line: line, step: index, message: message)
  }
}
