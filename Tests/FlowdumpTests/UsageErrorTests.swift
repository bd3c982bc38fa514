import Testing

/// A bad command line: exit 64, one stderr line naming `token` (and `hint`, the nearest valid
/// choice, where there is one), then usage.
struct BadInput: Sendable, CustomTestStringConvertible {
  let name: String
  let arguments: [String]
  /// The offending token, as the error line must quote it.
  let token: String
  /// Text the error line must also contain, e.g. "did you mean 'dump'?".
  let hint: String?
  /// The subcommand whose usage follows, or nil for the top-level usage.
  let command: String?

  init(_ name: String, _ arguments: [String], token: String, hint: String? = nil) {
    self.name = name
    self.arguments = arguments
    self.token = token
    self.hint = hint
    let first = arguments.first ?? ""
    command = ["demo", "list", "dump", "call", "render"].contains(first) ? first : nil
  }

  var testDescription: String { "\(name): flowdump \(arguments.joined(separator: " "))" }
}

private let badInputs: [BadInput] = [
  BadInput("unknown-subcommand", ["dupm"], token: "'dupm'", hint: "did you mean 'dump'?"),
  BadInput(
    "unknown-subcommand-far", ["frobnicate"], token: "'frobnicate'",
    hint: "valid choices: 'demo', 'list', 'dump', 'call', 'render'"),
  BadInput("unknown-top-level-option", ["--verison"], token: "'--verison'", hint: "did you mean '--version'?"),
  BadInput("unknown-flow", ["dump", "elemnts"], token: "'elemnts'", hint: "did you mean 'elements'?"),
  BadInput("unknown-scenario", ["render", "countr"], token: "'countr'", hint: "did you mean 'counter'?"),
  BadInput("unknown-option", ["dump", "elements", "--tak", "2"], token: "'--tak'", hint: "did you mean '--take'?"),
  BadInput("unknown-option-for-render", ["render", "counter", "--virtual-time"], token: "'--virtual-time'"),
  BadInput("unknown-suspend-function", ["call", "answr"], token: "'answr'", hint: "did you mean 'answer'?"),
  BadInput("missing-flow", ["dump"], token: "<flow>"),
  BadInput("missing-function", ["call"], token: "<function>"),
  BadInput("missing-option-value", ["dump", "elements", "--take"], token: "'--take'", hint: "(N)"),
  BadInput("malformed-take", ["dump", "elements", "--take", "two"], token: "'two'", hint: "expected a whole number"),
  BadInput("negative-take", ["dump", "elements", "--take", "-1"], token: "'-1'", hint: "must not be negative"),
  BadInput("bad-format", ["dump", "elements", "--format", "json"], token: "'json'", hint: "did you mean 'jsonl'?"),
  BadInput("bad-buffer-0", ["dump", "elements", "--buffer", "0"], token: "'0'", hint: "at least 1"),
  BadInput("bad-buffer-negative", ["dump", "elements", "--buffer", "-3"], token: "'-3'", hint: "at least 1"),
  BadInput(
    "bad-buffer-too-large", ["dump", "range", "2147483647", "--buffer", "2147483647"], token: "'2147483647'",
    hint: "at most 1048576 (use unbounded for no limit)"),
  BadInput(
    "bad-buffer-beyond-int", ["dump", "range", "5", "--buffer", "99999999999999999999"],
    token: "'99999999999999999999'", hint: "at most 1048576"),
  // A raw newline or other control character in an argument is escaped: the message stays one line.
  BadInput("newline-in-flow-name", ["dump", "elem\nents"], token: #"'elem\nents'"#, hint: "did you mean 'elements'?"),
  BadInput(
    "control-characters-in-option", ["dump", "elements", "--ta\tke\u{1B}"], token: #"'--ta\tke\u{1b}'"#),
  BadInput(
    "bad-buffer-word", ["dump", "elements", "--buffer", "conflatd"], token: "'conflatd'",
    hint: "did you mean 'conflated'?"),
  BadInput("bad-timeout-0", ["dump", "store.state", "--timeout", "0"], token: "'0'", hint: "greater than 0"),
  BadInput("bad-timeout-abc", ["dump", "store.state", "--timeout", "abc"], token: "'abc'", hint: "seconds"),
  BadInput("bad-call-timeout", ["call", "neverCompletes", "--timeout", "abc"], token: "'abc'", hint: "seconds"),
  BadInput("missing-flow-argument", ["dump", "range"], token: "'range'", hint: "<count: Int>"),
  BadInput("extra-flow-argument", ["dump", "elements", "3"], token: "'elements'", hint: "takes no arguments"),
  BadInput("wrong-call-arity", ["call", "greet"], token: "'greet'", hint: "<name: String>"),
  BadInput("malformed-flow-argument", ["dump", "range", "abc"], token: "'abc'", hint: "expected Int"),
  BadInput("negative-flow-argument", ["dump", "range", "-1"], token: "'-1'", hint: "must not be negative"),
  BadInput("malformed-call-argument", ["call", "throwAfter", "soon", "boom"], token: "'soon'", hint: "expected Long"),
  BadInput(
    "repeated-option", ["dump", "elements", "--take", "1", "--take", "2"], token: "'--take'",
    hint: "more than once"),
  BadInput(
    "flag-given-value", ["dump", "elements", "--virtual-time=yes"], token: "'--virtual-time'", hint: "no value"),
  BadInput("bad-frames", ["render", "counter", "--frames", "first"], token: "'first'", hint: "'all', 'last'"),
  BadInput(
    "render-tap-missing-label", ["render", "counter", "--tap", "nope"], token: "\"nope\"", hint: "\"increment\""),
  BadInput("unexpected-argument", ["list", "extra"], token: "'extra'"),
]

@Suite("Usage errors: exit 64, one line naming the bad token, then usage")
struct UsageErrorTests {
  @Test("Bad input", arguments: badInputs)
  func badInput(_ input: BadInput) async throws {
    let result = try await Flowdump.run(input.arguments)
    #expect(!result.signalled, "crashed: \(result.stderr)")
    #expect(result.exitCode == 64)
    #expect(result.stdout.isEmpty, "nothing on stdout")
    let lines = result.stderrLines
    try #require(lines.count == 3, "stderr is one error line then two usage lines:\n\(result.stderr)")
    #expect(lines[0].hasPrefix("flowdump: "))
    #expect(lines[0].contains(input.token), "the error line names \(input.token)")
    if let hint = input.hint {
      #expect(lines[0].contains(hint), "the error line says \(hint)")
    }
    if let command = input.command {
      #expect(lines[1].hasPrefix("USAGE: flowdump \(command)"))
      #expect(lines[2] == "See 'flowdump \(command) --help'.")
    } else {
      #expect(lines[1].hasPrefix("USAGE: flowdump [<subcommand>] [options]"))
      #expect(lines[2] == "See 'flowdump --help'.")
    }
    for marker in ["Fatal error", "Backtrac", "Stack dump", "Illegal instruction"] {
      #expect(!result.stderr.contains(marker))
    }
    Golden.assertMatches(result, named: "usage-\(input.name)")
  }
}
