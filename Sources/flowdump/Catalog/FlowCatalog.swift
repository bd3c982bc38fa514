import KotlinFixtures

/// A flow flowdump can collect: how to make it from arguments, and how to print its values.
struct FlowEntry: Sendable {
  enum Kind: String, Sendable {
    case flow = "FLOWS"
    case stateFlow = "STATE FLOWS"
    case sharedFlow = "SHARED FLOWS"
  }

  let name: String
  let kind: Kind
  let arguments: [ArgumentSpec]
  let type: String
  let make: @Sendable (CatalogArguments) throws(UsageError) -> DumpSource

  var signature: String {
    arguments.isEmpty ? name : name + " " + arguments.map { "<\($0.name)>" }.joined(separator: " ")
  }
}

/// A flow ready to collect, with its values rendered for printing.
struct DumpSource: Sendable {
  /// Collects with `policy`, calling `onValue` for each value until it returns false (then the
  /// collection is cancelled by leaving the loop). Throws what the flow throws.
  let collect:
    @Sendable (KotlinBufferingPolicy, _ onValue: @Sendable (DumpValue) async throws -> Bool) async throws -> Void

  init<T>(
    _ flow: any KotlinTypedFlow<T>, keepAlive: (any Sendable)? = nil, render: @escaping @Sendable (T) -> DumpValue
  ) {
    collect = { policy, onValue in
      withExtendedLifetime(keepAlive) {}
      for try await value in flow.asAsyncSequence(bufferingPolicy: policy) {
        guard try await onValue(render(value)) else { return }
      }
    }
  }
}

enum FlowCatalog {
  static let entries: [FlowEntry] = [
    simple("elements", "Flow<Elem>") { DumpSource(elements(), render: DumpValue.elem) },
    simple("nullableElements", "Flow<Elem?>") {
      DumpSource(nullableElements()) { DumpValue.optional($0, DumpValue.elem) }
    },
    simple("noElements", "Flow<Elem>") { DumpSource(noElements(), render: DumpValue.elem) },
    simple("words", "Flow<String>") { DumpSource(words(), render: DumpValue.string) },
    simple("greetings", "Flow<String>") { DumpSource(greetings(), render: DumpValue.string) },
    simple("lists", "Flow<List<Int>>") { DumpSource(lists()) { DumpValue.list($0.map(DumpValue.number)) } },
    simple("unsigned", "Flow<UInt>") { DumpSource(unsigned(), render: DumpValue.number) },
    simple("units", "Flow<Unit?>") { DumpSource(units()) { DumpValue.optional($0) { _ in .unit } } },
    simple("failing", "Flow<Elem>") { DumpSource(failing(), render: DumpValue.elem) },
    simple("discarding", "Flow<Elem>") { DumpSource(discarding(), render: DumpValue.elem) },
    FlowEntry(name: "range", kind: .flow, arguments: [ArgumentSpec(name: "count", kind: .int)], type: "Flow<Int>") {
      arguments throws(UsageError) in
      DumpSource(range(count: try arguments.nonNegativeInt(0)), render: DumpValue.number)
    },
    FlowEntry(name: "strings", kind: .flow, arguments: [ArgumentSpec(name: "count", kind: .int)], type: "Flow<String>")
    {
      arguments throws(UsageError) in
      DumpSource(strings(count: try arguments.nonNegativeInt(0)), render: DumpValue.string)
    },
    FlowEntry(
      name: "ticks", kind: .flow,
      arguments: [ArgumentSpec(name: "periodMillis", kind: .long), ArgumentSpec(name: "count", kind: .int)],
      type: "Flow<Long>"
    ) { arguments throws(UsageError) in
      DumpSource(
        ticks(periodMillis: try arguments.nonNegativeLong(0), count: try arguments.nonNegativeInt(1)),
        render: DumpValue.number)
    },
    FlowEntry(name: "store.state", kind: .stateFlow, arguments: [], type: "StateFlow<Int>") { _ in
      let store = Store()
      return DumpSource(store.state, keepAlive: store, render: DumpValue.number)
    },
    FlowEntry(name: "subject.stateFlow", kind: .stateFlow, arguments: [], type: "StateFlow<Elem>") { _ in
      let subject = Subject()
      return DumpSource(subject.stateFlow, keepAlive: subject, render: DumpValue.elem)
    },
    FlowEntry(name: "subject.counter", kind: .stateFlow, arguments: [], type: "MutableStateFlow<Int>") { _ in
      let subject = Subject()
      return DumpSource(subject.counter, keepAlive: subject, render: DumpValue.number)
    },
    FlowEntry(name: "subject.sharedFlow", kind: .sharedFlow, arguments: [], type: "SharedFlow<Elem>") { _ in
      let subject = Subject()
      return DumpSource(subject.sharedFlow, keepAlive: subject, render: DumpValue.elem)
    },
    ScriptSource.entry,
  ]

  private static func simple(_ name: String, _ type: String, _ make: @escaping @Sendable () -> DumpSource)
    -> FlowEntry
  {
    FlowEntry(name: name, kind: .flow, arguments: [], type: type) { _ in make() }
  }

  static func entry(named name: String, command: String) throws(UsageError) -> FlowEntry {
    if let entry = entries.first(where: { $0.name == name }) { return entry }
    throw UsageError(
      message: "unknown flow '\(name)'" + ArgumentParser.suggestion(for: name, among: entries.map(\.name))
        + " (see 'flowdump list')",
      command: command)
  }
}
