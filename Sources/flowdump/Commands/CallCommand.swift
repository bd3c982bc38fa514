import KotlinFixtures
import KotlinTestDoubles

/// `flowdump call <function> [arguments…]`: calls a suspend function and prints its result or
/// the Kotlin exception.
@MainActor
enum CallCommand {
  static let spec = CommandSpec(
    name: "call", summary: "Call a suspend function and print its result or the Kotlin exception.",
    positionals: [
      PositionalSpec(name: "function", isOptional: false, isVariadic: false),
      PositionalSpec(name: "arguments", isOptional: true, isVariadic: true),
    ],
    options: [
      OptionSpec(
        name: "--timeout", kind: .value(placeholder: "SECONDS", validate: Validate.positiveSeconds),
        isRepeatable: false, help: "Give up after SECONDS of wall-clock time (exit 124)."),
      OptionSpec(
        name: "--virtual-time", kind: .flag, isRepeatable: false, help: "Run delays on a virtual clock (instant)."),
    ],
    details: [
      "EXIT: 0 returned; 1 threw or was cancelled by Kotlin (message on stderr); 124 timeout; 130 Ctrl-C",
      "      (143 SIGTERM, 129 SIGHUP, 131 SIGQUIT);",
      "      74 stdout cannot be written (a full disk).",
      "",
      "EXAMPLES:",
      "  flowdump call answer",
      "  flowdump call greet Ada",
      "  flowdump call throwAfter 10 boom",
    ])

  static func run(_ arguments: ParsedArguments) async throws(UsageError) -> ExitCode {
    let entry = try SuspendCatalog.entry(named: arguments.positionals[0], command: spec.name)
    let call = try entry.call(
      CatalogArguments(
        entry: entry.name, specs: entry.arguments, values: Array(arguments.positionals.dropFirst()),
        command: spec.name))
    let timeout = arguments.value("--timeout").flatMap(Double.init)
    let clock: KotlinClock = arguments.flags.contains("--virtual-time") ? .virtualAutoAdvance : .real
    let (result, stop): (Result<DumpValue, any Error>, StopReason)
    let interruption = Interruption()  // before the call starts: no signal can fall in a gap
    defer { interruption.close() }
    do {
      (result, stop) = try await KotlinTestRuntime.withScope(clock: clock) { _ in
        let task = Task { try await call() }
        interruption.watch(task, timeout: timeout)
        let result = await task.result
        interruption.finish()
        return (result, interruption.stopReason)
      }
    } catch {
      Output.error("flowdump: \(error)")
      return .software
    }
    do throws(OutputFailed) {
      switch (result, stop) {
      case (_, .interrupted):
        try Output.line("cancelled: interrupted\(interruption.signalSuffix)")
        return interruption.signalExitCode
      case (_, .timedOut):
        try Output.line("timeout: no result after \(timeout ?? 0)s")
        Output.error("flowdump: \(entry.name) did not return within \(timeout ?? 0)s")
        return .timeout
      case (.success(let value), _):
        try Output.line(value.text)
        return .success
      case (.failure(let error as ExportedKotlinPackages.kotlin.Throwable), _):
        try Output.line("error: \(error)")
        Output.error("flowdump: \(entry.name) threw \(Excerpt.of("\(error)"))")
        return .failure
      case (.failure(is CancellationError), _):
        try Output.line("cancelled: the Kotlin job cancelled itself")
        Output.error("flowdump: \(entry.name) was cancelled by the Kotlin side")
        return .failure
      case (.failure(let error), _):
        try Output.line("error: \(error)")
        Output.error("flowdump: \(entry.name) failed: \(Excerpt.of("\(error)"))")
        return .failure
      }
    } catch {
      return error.report()  // a closed stdout ends quietly; a failing one is reported
    }
  }
}
