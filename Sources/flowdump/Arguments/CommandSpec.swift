/// A subcommand's grammar: its options and positional arguments, as data. The parser and the help
/// text are both generated from it, so they never disagree.
struct CommandSpec: Sendable {
  let name: String
  let summary: String
  /// Positional arguments, e.g. `<flow> [arguments…]`.
  let positionals: [PositionalSpec]
  let options: [OptionSpec]
  /// Extra help lines (examples).
  let details: [String]

  var usage: String {
    let positionalText = positionals.map(\.usage).joined(separator: " ")
    let optionText = options.map(\.usage).joined(separator: " ")
    return ["flowdump", name, positionalText, optionText].filter { !$0.isEmpty }.joined(separator: " ")
  }

  var help: String {
    var lines = ["USAGE: \(usage)", "", summary]
    if !options.isEmpty {
      lines.append("")
      lines.append("OPTIONS:")
      let width = options.map { $0.helpName.count }.max() ?? 0
      for option in options {
        lines.append("  " + option.helpName.padding(toLength: width + 2, withPad: " ", startingAt: 0) + option.help)
      }
      lines.append("  " + "--help".padding(toLength: width + 2, withPad: " ", startingAt: 0) + "Show this help.")
    }
    if !details.isEmpty {
      lines.append("")
      lines += details
    }
    return lines.joined(separator: "\n")
  }
}

struct PositionalSpec: Sendable {
  let name: String
  let isOptional: Bool
  /// Takes every remaining positional argument.
  let isVariadic: Bool

  var usage: String {
    let core = "<\(name)>" + (isVariadic ? "…" : "")
    return isOptional ? "[\(core)]" : core
  }
}

struct OptionSpec: Sendable {
  enum Kind: Sendable {
    case flag
    /// Takes a value; `validate` returns an error message for a malformed one.
    case value(placeholder: String, validate: @Sendable (String) -> String?)
  }

  let name: String
  let kind: Kind
  let isRepeatable: Bool
  let help: String

  var helpName: String {
    switch kind {
    case .flag: name
    case .value(let placeholder, _): "\(name) \(placeholder)"
    }
  }

  var usage: String { isRepeatable ? "[\(helpName)]…" : "[\(helpName)]" }
}
