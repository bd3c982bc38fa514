/// `flowdump list`: the bundled Kotlin module's flows and suspend functions with their types.
enum ListCommand {
  static let spec = CommandSpec(
    name: "list", summary: "List the Kotlin module's flows, state flows, shared flows and suspend functions.",
    positionals: [], options: [], details: [])

  static func run(_ arguments: ParsedArguments) -> ExitCode {
    var lines: [String] = []
    let names = FlowCatalog.entries.map(\.signature) + SuspendCatalog.entries.map(\.signature)
    let width = (names.map(\.count).max() ?? 0) + 2
    for kind in [FlowEntry.Kind.flow, .stateFlow, .sharedFlow] {
      lines.append(kind.rawValue)
      for entry in FlowCatalog.entries where entry.kind == kind {
        lines.append("  " + entry.signature.padding(toLength: width, withPad: " ", startingAt: 0) + entry.type)
      }
      lines.append("")
    }
    lines.append("SUSPEND FUNCTIONS")
    for entry in SuspendCatalog.entries {
      lines.append("  " + entry.signature.padding(toLength: width, withPad: " ", startingAt: 0) + entry.resultType)
    }
    return Output.lines(lines.joined(separator: "\n"))
  }
}
