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

  /// "; did you mean 'dump'?" for the nearest candidate within a small edit distance, else
  /// "; valid choices: …".
  ///
  /// Linear in the token's length: a candidate whose length differs from the token's by more than
  /// the limit cannot be within it (the distance is at least the difference), so it is not scored,
  /// and only candidates that pass are compared, over Unicode scalars.
  static func suggestion(for token: String, among candidates: [String]) -> String {
    let tokenScalars = Array(token.lowercased().unicodeScalars)
    let limit = max(2, tokenScalars.count / 3)
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
      let scalars = Array(candidate.lowercased().unicodeScalars)
      guard abs(scalars.count - tokenScalars.count) <= limit else { continue }
      let distance = editDistance(tokenScalars, scalars)
      if distance <= limit, distance < (best?.distance ?? .max) { best = (candidate, distance) }
    }
    if let best { return "; did you mean '\(best.candidate)'?" }
    return "; valid choices: " + candidates.map { "'\($0)'" }.joined(separator: ", ")
  }

  static func editDistance(_ a: String, _ b: String) -> Int {
    editDistance(Array(a.unicodeScalars), Array(b.unicodeScalars))
  }

  /// Levenshtein distance in O(a.count × b.count) time and O(b.count) space.
  static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      swap(&previous, &current)
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

  /// The largest `--buffer N`: 2^20 elements keeps the runtime's ring under ~16 MB for scalars,
  /// while a batch crossing to Swift is at most 4096 elements whatever N is. Larger sizes are
  /// refused (never clamped): `unbounded` says "no limit" explicitly.
  static let maximumBufferSize = 1 << 20

  static func bufferPolicy(_ value: String) -> String? {
    if ["rendezvous", "unbounded", "conflated"].contains(value) { return nil }
    let digits = value.first == "-" || value.first == "+" ? value.dropFirst() : Substring(value)
    if !digits.isEmpty, digits.allSatisfy({ ("0"..."9").contains($0) }), Int(value) == nil {
      // A whole number too large for Int: the same answer as any other out-of-range size.
      return value.first == "-"
        ? "a buffer size must be at least 1"
        : "a buffer size must be at most \(maximumBufferSize) (use unbounded for no limit)"
    }
    if let capacity = Int(value) {
      if capacity < 1 { return "a buffer size must be at least 1" }
      if capacity > maximumBufferSize {
        return "a buffer size must be at most \(maximumBufferSize) (use unbounded for no limit)"
      }
      return nil
    }
    return "expected rendezvous, unbounded, conflated or a size from 1 to \(maximumBufferSize)"
      + ArgumentParser.suggestion(for: value, among: ["rendezvous", "unbounded", "conflated"])
  }
}
