import KotlinFixtures
import KotlinTestDoubles
import Synchronization

/// `flowdump dump <flow> [arguments…]`: collects a flow and prints each value, then exactly one
/// terminal line.
@MainActor
enum DumpCommand {
  static let spec = CommandSpec(
    name: "dump", summary: "Collect a flow and print each value, then how it ended.",
    positionals: [
      PositionalSpec(name: "flow", isOptional: false, isVariadic: false),
      PositionalSpec(name: "arguments", isOptional: true, isVariadic: true),
    ],
    options: [
      OptionSpec(
        name: "--take", kind: .value(placeholder: "N", validate: Validate.nonNegativeInteger), isRepeatable: false,
        help: "Stop after N values (the collection is cancelled)."),
      OptionSpec(
        name: "--format", kind: .value(placeholder: "text|jsonl", validate: Validate.choice(["text", "jsonl"])),
        isRepeatable: false, help: "text (default): aligned lines; jsonl: one JSON object per line."),
      OptionSpec(
        name: "--buffer",
        kind: .value(placeholder: "rendezvous|N|unbounded|conflated", validate: Validate.bufferPolicy),
        isRepeatable: false,
        help: "Buffering between Kotlin and Swift (default: rendezvous). N: 1 to 1048576; unbounded: no limit."),
      OptionSpec(
        name: "--virtual-time", kind: .flag, isRepeatable: false,
        help: "Run delays on a virtual clock: instant and deterministic; elapsed times are virtual."),
      OptionSpec(
        name: "--timeout", kind: .value(placeholder: "SECONDS", validate: Validate.positiveSeconds),
        isRepeatable: false, help: "Give up after SECONDS of wall-clock time (exit 124)."),
      OptionSpec(
        name: "--record",
        kind: .value(placeholder: "FILE", validate: { $0.isEmpty ? "a file name cannot be empty" : nil }),
        isRepeatable: false,
        help: "Also write what was received as a JSONL flow script ('dump script FILE' replays it)."),
    ],
    details: [
      "EXIT: 0 completed or --take reached; 1 the flow failed (message on stderr); 124 timeout; 130 Ctrl-C",
      "      (143 SIGTERM, 129 SIGHUP, 131 SIGQUIT: the same, --record ends the file as a run cut short);",
      "      65 a malformed script file, 66 an unreadable one; 73 or 74 the --record file cannot be written;",
      "      74 stdout cannot be written (a full disk). A closed stdout (| head) ends quietly.",
      "",
      "EXAMPLES:",
      "  flowdump dump elements",
      "  flowdump dump range 5 --format jsonl",
      "  flowdump dump ticks 1000 3 --virtual-time",
      "  flowdump dump store.state --take 1",
      "  flowdump dump ticks 1000 3 --virtual-time --record ticks.jsonl",
      "  flowdump dump script ticks.jsonl --virtual-time",
    ])

  static func run(_ arguments: ParsedArguments) async throws(UsageError) -> ExitCode {
    let entry = try FlowCatalog.entry(named: arguments.positionals[0], command: spec.name)
    let catalogArguments = try CatalogArguments(
      entry: entry.name, specs: entry.arguments, values: Array(arguments.positionals.dropFirst()), command: spec.name)
    let jsonl = arguments.value("--format") == "jsonl"
    let take = arguments.value("--take").flatMap(Int.init)
    let policy = bufferingPolicy(arguments.value("--buffer"))
    let virtualTime = arguments.flags.contains("--virtual-time")
    let timeout = arguments.value("--timeout").flatMap(Double.init)
    let script: FlowScript?
    switch ScriptSource.load(entry, catalogArguments) {
    case .notAScript: script = nil
    case .script(let loaded): script = loaded
    case .failed(let code): return code
    }
    let flowType = script.map(ScriptSource.type(of:)) ?? entry.type
    let elementType = Self.elementType(of: flowType)
    let call = ([entry.name] + arguments.positionals.dropFirst()).joined(separator: " ")
    // Before the recording is created and anything runs: no signal can fall in a gap, or end the
    // process with the recording's first lines still in its buffer.
    let interruption = Interruption()
    defer { interruption.close() }
    let recorder: ScriptRecorder?
    do {
      recorder = try arguments.value("--record").map { path throws(ScriptRecorder.Failure) in
        try ScriptRecorder(
          path: path,
          header: FlowScript.Header(type: flowType, recordedFrom: call, clock: virtualTime ? "virtual" : "real"))
      }
    } catch {
      Output.error("flowdump: \(error)")
      return .cannotCreate
    }
    do {
      // Under --virtual-time the clock is driven here (VirtualTimeDriver), not auto-advanced, so
      // that a delay runs only once Swift has printed everything emitted before it.
      return try await KotlinTestRuntime.withScope(clock: virtualTime ? .virtual : .real) { scope in
        var source = try script.map(ScriptSource.source) ?? entry.make(catalogArguments)
        if let recorder { source = recorder.wrap(source, scope: virtualTime ? scope : nil) }
        let printer = ItemPrinter(jsonl: jsonl, type: elementType, scope: virtualTime ? scope : nil)
        if !jsonl {
          try printer.header("\(call): \(flowType) (buffer: \(describe(policy)))")
        }
        let count = ItemCount()
        let collection = Task {
          defer { count.finish() }
          try await source.collect(policy) { value in
            let index = count.next()
            try printer.item(index: index, value: value)
            return take.map { index + 1 < $0 } ?? true
          }
        }
        if take == 0 { collection.cancel() }
        interruption.watch(collection, timeout: timeout)
        if virtualTime { await VirtualTimeDriver.drive(scope, progress: count) }
        let result = await collection.result
        interruption.finish()
        let items = count.value
        let recordingProblem = recorder?.finish(
          ScriptRecorder.end(for: result, stop: interruption.stopReason, items: items, take: take),
          scope: virtualTime ? scope : nil)
        let code = try finish(
          result, interruption: interruption, items: items, take: take, timeout: timeout, printer: printer,
          name: entry.name)
        guard let recordingProblem else { return code }
        Output.error("flowdump: \(recordingProblem)")
        return code == .success ? .ioError : code
      }
    } catch let error as UsageError {
      throw error
    } catch let error as OutputFailed {
      return error.report()  // a closed stdout ends quietly; a failing one is reported
    } catch {
      Output.error("flowdump: \(error)")
      return .software
    }
  }

  private static func finish(
    _ result: Result<Void, any Error>, interruption: Interruption, items: Int, take: Int?, timeout: Double?,
    printer: ItemPrinter, name: String
  ) throws -> ExitCode {
    switch (result, interruption.stopReason) {
    case (.failure(let error as OutputFailed), _): throw error
    case (_, .interrupted):
      let signal = interruption.signalName.map { #","signal":"\#($0)""# } ?? ""
      try printer.terminal(
        text: "cancelled: interrupted\(interruption.signalSuffix) after \(itemCount(items))",
        json: #""event":"cancelled","items":\#(items)\#(signal)"#)
      return interruption.signalExitCode
    case (_, .timedOut):
      let seconds = timeout.map { "\($0)s" } ?? ""
      try printer.terminal(
        text: "timeout: no end after \(seconds) (\(itemCount(items)))",
        json: #""event":"timeout","seconds":\#(timeout ?? 0),"items":\#(items)"#)
      Output.error("flowdump: \(name) did not end within \(seconds)")
      return .timeout
    case (.failure(is CancellationError), _) where take == nil || items < take!:
      try printer.terminal(
        text: "cancelled: by the Kotlin side after \(itemCount(items))", json: #""event":"cancelled","items":\#(items)"#
      )
      return .failure
    case (.success, _), (.failure(is CancellationError), _):
      let note = take.map { items >= $0 ? " (--take \($0) reached)" : "" } ?? ""
      try printer.terminal(
        text: "complete: \(itemCount(items))\(note)",
        json: #""event":"complete","items":\#(items)"# + (take.map { #","take":\#($0)"# } ?? ""))
      return .success
    case (.failure(let error as ExportedKotlinPackages.kotlin.Throwable), _):
      try printer.terminal(
        text: "error: \(error)",
        json:
          #""event":"error","class":\#(JSON.string(error.className)),"message":\#(error.message.map(JSON.string) ?? "null"),"items":\#(items)"#
      )
      Output.error("flowdump: \(name) failed: \(Excerpt.of("\(error)"))")
      return .failure
    case (.failure(let error), _):
      try printer.terminal(
        text: "error: \(error)",
        json: #""event":"error","class":"swift","message":\#(JSON.string("\(error)")),"items":\#(items)"#)
      Output.error("flowdump: \(name) failed: \(Excerpt.of("\(error)"))")
      return .failure
    }
  }

  /// "1 item", "3 items".
  static func itemCount(_ count: Int) -> String { count == 1 ? "1 item" : "\(count) items" }

  static func bufferingPolicy(_ value: String?) -> KotlinBufferingPolicy {
    switch value {
    case nil, "rendezvous": .rendezvous
    case "unbounded": .unbounded
    case "conflated": .conflated
    case let size?: .bounded(Int(size) ?? 1)
    }
  }

  static func describe(_ policy: KotlinBufferingPolicy) -> String {
    switch policy {
    case .rendezvous: "rendezvous"
    case .bounded(let size): "bounded \(size)"
    case .unbounded: "unbounded"
    case .conflated: "conflated"
    }
  }

  /// `Flow<List<Int>>` → `List<Int>`.
  static func elementType(of type: String) -> String {
    guard let open = type.firstIndex(of: "<"), type.hasSuffix(">") else { return type }
    return String(type[type.index(after: open)..<type.index(before: type.endIndex)])
  }
}

/// Prints items and the terminal line in the chosen format, with elapsed milliseconds (virtual
/// time under --virtual-time, wall clock otherwise).
struct ItemPrinter: Sendable {
  let jsonl: Bool
  let type: String
  let scope: KotlinRuntimeScope?
  private let start = ContinuousClock.now
  private let virtualStart: Int64

  init(jsonl: Bool, type: String, scope: KotlinRuntimeScope?) {
    self.jsonl = jsonl
    self.type = type
    self.scope = scope
    virtualStart = scope?.currentTimeMillis ?? 0
  }

  private var elapsedMillis: Int64 {
    if let scope { return scope.currentTimeMillis - virtualStart }
    let (seconds, attoseconds) = (ContinuousClock.now - start).components
    return seconds * 1_000 + attoseconds / 1_000_000_000_000_000
  }

  func header(_ text: String) throws(OutputFailed) { try Output.line(text) }

  func item(index: Int, value: DumpValue) throws(OutputFailed) {
    if jsonl {
      try Output.line(
        #"{"index":\#(index),"value":\#(value.json),"type":\#(JSON.string(type)),"elapsedMs":\#(elapsedMillis)}"#)
    } else {
      let indexText = String(index).leftPadded(to: 6)
      let timeText = "\(elapsedMillis)ms".leftPadded(to: 9)
      try Output.line("\(indexText) \(timeText)  \(value.text)")
    }
  }

  func terminal(text: String, json: String) throws(OutputFailed) {
    try Output.line(jsonl ? "{\(json)}" : text)
  }
}

/// Counts printed items (read while collecting by the virtual-time driver, and at the end) and
/// says when the collection is over.
final class ItemCount: Sendable {
  private let count = Atomic(0)
  private let finished = Atomic(false)
  func next() -> Int { count.add(1, ordering: .relaxed).oldValue }
  var value: Int { count.load(ordering: .relaxed) }
  func finish() { finished.store(true, ordering: .releasing) }
  var isFinished: Bool { finished.load(ordering: .acquiring) }
}

extension String {
  func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}
