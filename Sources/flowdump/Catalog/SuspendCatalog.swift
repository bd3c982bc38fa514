import KotlinFixtures

/// A suspend function flowdump can call.
struct SuspendEntry: Sendable {
  let name: String
  let arguments: [ArgumentSpec]
  let resultType: String
  let call: @Sendable (CatalogArguments) throws(UsageError) -> @Sendable () async throws -> DumpValue

  var signature: String {
    arguments.isEmpty ? name : name + " " + arguments.map { "<\($0.name)>" }.joined(separator: " ")
  }
}

enum SuspendCatalog {
  private static let delay = ArgumentSpec(name: "delayMillis", kind: .long)
  private static let message = ArgumentSpec(name: "message", kind: .string)
  private static let value = ArgumentSpec(name: "value", kind: .int)

  static let entries: [SuspendEntry] = [
    SuspendEntry(name: "answer", arguments: [], resultType: "Int") { _ in { .number(try await answer()) } },
    SuspendEntry(name: "greet", arguments: [ArgumentSpec(name: "name", kind: .string)], resultType: "String") {
      arguments throws(UsageError) in
      let name = arguments.string(0)
      return { .string(try await greet(name: name)) }
    },
    SuspendEntry(name: "callAfter", arguments: [delay, value], resultType: "Int") { arguments throws(UsageError) in
      let (millis, result) = (try arguments.nonNegativeLong(0), try arguments.int(1))
      return { .number(try await callAfter(delayMillis: millis) { result }) }
    },
    SuspendEntry(name: "cancelAfter", arguments: [delay], resultType: "Int") { arguments throws(UsageError) in
      let millis = try arguments.nonNegativeLong(0)
      return { .number(try await cancelAfter(delayMillis: millis)) }
    },
    SuspendEntry(name: "cancelSilentlyAfter", arguments: [delay, value], resultType: "Int") {
      arguments throws(UsageError) in
      let (millis, result) = (try arguments.nonNegativeLong(0), try arguments.int(1))
      return { .number(try await cancelSilentlyAfter(delayMillis: millis) { result }) }
    },
    SuspendEntry(name: "throwAfter", arguments: [delay, message], resultType: "Int") { arguments throws(UsageError) in
      let (millis, text) = (try arguments.nonNegativeLong(0), arguments.string(1))
      return { .number(try await throwAfter(delayMillis: millis, message: text)) }
    },
    SuspendEntry(name: "throwImmediately", arguments: [message], resultType: "Int") { arguments throws(UsageError) in
      let text = arguments.string(0)
      return { .number(try await throwImmediately(message: text)) }
    },
    SuspendEntry(name: "neverCompletes", arguments: [], resultType: "Int") { _ in
      { .number(try await neverCompletes()) }
    },
    SuspendEntry(name: "withFinally", arguments: [delay], resultType: "Int") { arguments throws(UsageError) in
      let millis = try arguments.nonNegativeLong(0)
      return { .number(try await withFinally(delayMillis: millis) {}) }
    },
    SuspendEntry(name: "throwInFinallyOnCancel", arguments: [delay, message], resultType: "Int") {
      arguments throws(UsageError) in
      let (millis, text) = (try arguments.nonNegativeLong(0), arguments.string(1))
      return { .number(try await throwInFinallyOnCancel(delayMillis: millis, message: text)) }
    },
    SuspendEntry(
      name: "collectInKotlin",
      arguments: [ArgumentSpec(name: "flow", kind: .flow), ArgumentSpec(name: "count", kind: .int)],
      resultType: "List<Elem>"
    ) { arguments throws(UsageError) in
      let flowName = arguments.string(0)
      let flows: [String: @Sendable () -> any KotlinTypedFlow<Elem>] = [
        "elements": elements, "failing": failing, "discarding": discarding, "noElements": noElements,
      ]
      guard let make = flows[flowName] else {
        throw UsageError(
          message: "unknown Flow<Elem> '\(flowName)' for 'collectInKotlin'"
            + ArgumentParser.suggestion(for: flowName, among: flows.keys.sorted()),
          command: arguments.command)
      }
      let count = try arguments.int(1)
      return { .list(try await collectInKotlin(flow: make(), count: count).map(DumpValue.elem)) }
    },
  ]

  static func entry(named name: String, command: String) throws(UsageError) -> SuspendEntry {
    if let entry = entries.first(where: { $0.name == name }) { return entry }
    throw UsageError(
      message: "unknown suspend function '\(name)'" + ArgumentParser.suggestion(for: name, among: entries.map(\.name))
        + " (see 'flowdump list')",
      command: command)
  }
}
