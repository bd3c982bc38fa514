/// A catalog entry's positional arguments (`range 10`, `greet Ada`), typed and checked.
struct ArgumentSpec: Sendable {
  enum Kind: String, Sendable {
    case int = "Int"
    case long = "Long"
    case string = "String"
    case flow = "flow name"
  }

  let name: String
  let kind: Kind
}

/// Reads typed arguments for one catalog entry; errors are usage errors naming the argument.
struct CatalogArguments {
  let entry: String
  let specs: [ArgumentSpec]
  let values: [String]
  let command: String

  init(entry: String, specs: [ArgumentSpec], values: [String], command: String) throws(UsageError) {
    self.entry = entry
    self.specs = specs
    self.values = values
    self.command = command
    if values.count != specs.count {
      let expected =
        specs.isEmpty ? "no arguments" : specs.map { "<\($0.name): \($0.kind.rawValue)>" }.joined(separator: " ")
      throw UsageError(
        message: "'\(entry)' takes \(expected), got \(values.count) argument\(values.count == 1 ? "" : "s")",
        command: command)
    }
  }

  func int(_ index: Int) throws(UsageError) -> Int32 {
    guard let value = Int32(values[index]) else { throw malformed(index) }
    return value
  }

  func long(_ index: Int) throws(UsageError) -> Int64 {
    guard let value = Int64(values[index]) else { throw malformed(index) }
    return value
  }

  func nonNegativeInt(_ index: Int) throws(UsageError) -> Int32 {
    let value = try int(index)
    guard value >= 0 else { throw negative(index) }
    return value
  }

  func nonNegativeLong(_ index: Int) throws(UsageError) -> Int64 {
    let value = try long(index)
    guard value >= 0 else { throw negative(index) }
    return value
  }

  func string(_ index: Int) -> String { values[index] }

  private func malformed(_ index: Int) -> UsageError {
    UsageError(
      message:
        "invalid value '\(values[index])' for <\(specs[index].name)> of '\(entry)': expected \(specs[index].kind.rawValue)",
      command: command)
  }

  private func negative(_ index: Int) -> UsageError {
    UsageError(
      message: "invalid value '\(values[index])' for <\(specs[index].name)> of '\(entry)': must not be negative",
      command: command)
  }
}
