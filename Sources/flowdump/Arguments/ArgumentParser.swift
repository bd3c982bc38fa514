/// Parses a subcommand's arguments against its spec. Small and table-driven: every option is
/// looked up in the spec, values are validated there, and errors name the bad token and the
/// nearest valid choice.
struct ParsedArguments: Equatable, Sendable {
  var positionals: [String] = []
  var values: [String: [String]] = [:]
  var flags: Set<String> = []

  func value(_ name: String) -> String? { values[name]?.last }
  func all(_ name: String) -> [String] { values[name] ?? [] }
}

/// A usage error: one line for stderr; the caller prints usage after it and exits 64.
struct UsageError: Error, Equatable, CustomStringConvertible {
  let message: String
  /// The subcommand whose usage to print, if known.
  let command: String?

  var description: String { message }
}

enum ArgumentParser {
  static func parse(_ arguments: [String], for spec: CommandSpec) throws(UsageError) -> ParsedArguments {
    var parsed = ParsedArguments()
    var index = 0
    var onlyPositionals = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if onlyPositionals || !argument.hasPrefix("--") || argument == "--" {
        if argument == "--", !onlyPositionals {
          onlyPositionals = true
          continue
        }
        parsed.positionals.append(argument)
        continue
      }
      var name = argument
      var inlineValue: String?
      if let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      guard let option = spec.options.first(where: { $0.name == name }) else {
        let known = spec.options.map(\.name) + ["--help"]
        throw UsageError(
          message: "unknown option '\(name)' for '\(spec.name)'" + suggestion(for: name, among: known),
          command: spec.name)
      }
      if !option.isRepeatable, parsed.values[name] != nil || parsed.flags.contains(name) {
        throw UsageError(message: "option '\(name)' given more than once", command: spec.name)
      }
      switch option.kind {
      case .flag:
        if inlineValue != nil {
          throw UsageError(message: "option '\(name)' takes no value", command: spec.name)
        }
        parsed.flags.insert(name)
      case .value(let placeholder, let validate):
        let value: String
        if let inlineValue {
          value = inlineValue
        } else if index < arguments.count {
          value = arguments[index]
          index += 1
        } else {
          throw UsageError(message: "option '\(name)' needs a value (\(placeholder))", command: spec.name)
        }
        if let problem = validate(value) {
          throw UsageError(message: "invalid value '\(value)' for '\(name)': \(problem)", command: spec.name)
        }
        parsed.values[name, default: []].append(value)
      }
    }
    try checkPositionals(parsed.positionals, spec)
    return parsed
  }

  private static func checkPositionals(_ positionals: [String], _ spec: CommandSpec) throws(UsageError) {
    let required = spec.positionals.filter { !$0.isOptional }.count
    let variadic = spec.positionals.contains(where: \.isVariadic)
    if positionals.count < required {
      let missing = spec.positionals[positionals.count]
      throw UsageError(message: "missing \(missing.usage) for '\(spec.name)'", command: spec.name)
    }
    if !variadic, positionals.count > spec.positionals.count {
      throw UsageError(
        message: "unexpected argument '\(positionals[spec.positionals.count])' for '\(spec.name)'",
        command: spec.name)
    }
  }

  /// "; did you mean 'dump'?" for the nearest candidate within a small edit distance, else "".
  static func suggestion(for token: String, among candidates: [String]) -> String {
    let scored = candidates.map { ($0, editDistance(token.lowercased(), $0.lowercased())) }
    guard let best = scored.min(by: { $0.1 < $1.1 }) else { return "" }
    let limit = max(2, token.count / 3)
    if best.1 <= limit { return "; did you mean '\(best.0)'?" }
    return "; valid choices: " + candidates.map { "'\($0)'" }.joined(separator: ", ")
  }

  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
      var current = [i] + [Int](repeating: 0, count: b.count)
      for j in 1...b.count {
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      previous = current
    }
    return previous[b.count]
  }
}

/// Validators for option values.
enum Validate {
  static func nonNegativeInteger(_ value: String) -> String? {
    guard let number = Int(value) else { return "expected a whole number" }
    return number < 0 ? "must not be negative" : nil
  }

  static func positiveSeconds(_ value: String) -> String? {
    guard let seconds = Double(value), seconds.isFinite else { return "expected a number of seconds" }
    return seconds <= 0 ? "must be greater than 0" : nil
  }

  static func choice(_ choices: [String]) -> @Sendable (String) -> String? {
    { value in
      choices.contains(value)
        ? nil
        : "expected one of \(choices.joined(separator: ", "))" + ArgumentParser.suggestion(for: value, among: choices)
    }
  }

  static func bufferPolicy(_ value: String) -> String? {
    if ["rendezvous", "unbounded", "conflated"].contains(value) { return nil }
    if let capacity = Int(value) { return capacity >= 1 ? nil : "a buffer size must be at least 1" }
    return "expected rendezvous, unbounded, conflated or a size ≥ 1"
      + ArgumentParser.suggestion(for: value, among: ["rendezvous", "unbounded", "conflated"])
  }
}
