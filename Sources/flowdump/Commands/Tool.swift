/// The tool: picks the subcommand, parses its arguments from its spec, runs it, and turns usage
/// errors into one stderr line plus usage (exit 64).
@MainActor
enum Tool {
  static let version = "flowdump 0.1.0"

  static let commands: [CommandSpec] = [
    DemoCommand.spec, ListCommand.spec, DumpCommand.spec, CallCommand.spec, RenderCommand.spec,
  ]

  static var help: String {
    var lines = [
      "flowdump — collect Kotlin flows and call suspend functions from Swift, and render views over them.",
      "",
      "USAGE: flowdump [<subcommand>] [options]",
      "",
      "SUBCOMMANDS:",
    ]
    let width = commands.map(\.name.count).max() ?? 0
    for command in commands {
      lines.append("  " + command.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + command.summary)
    }
    lines += [
      "",
      "With no subcommand, runs the demo. 'flowdump <subcommand> --help' describes a subcommand.",
      "  --help     Show this help.",
      "  --version  Show the version.",
    ]
    return lines.joined(separator: "\n")
  }

  static func run(_ arguments: [String]) async -> ExitCode {
    guard let first = arguments.first else { return await DemoCommand.run(ParsedArguments()) }
    switch first {
    case "--help", "-h", "help":
      return Output.lines(help)
    case "--version":
      return Output.lines(version)
    default: break
    }
    guard let spec = commands.first(where: { $0.name == first }) else {
      let message =
        first.hasPrefix("-")
        ? "unknown option '\(first)'" + ArgumentParser.suggestion(for: first, among: ["--help", "--version"])
        : "unknown subcommand '\(first)'" + ArgumentParser.suggestion(for: first, among: commands.map(\.name))
      return usageError(UsageError(message: message, command: nil))
    }
    let rest = Array(arguments.dropFirst())
    if rest.contains("--help") || rest.contains("-h") {
      return Output.lines(spec.help)
    }
    do throws(UsageError) {
      let parsed = try ArgumentParser.parse(rest, for: spec)
      switch spec.name {
      case DemoCommand.spec.name: return await DemoCommand.run(parsed)
      case ListCommand.spec.name: return ListCommand.run(parsed)
      case DumpCommand.spec.name: return try await DumpCommand.run(parsed)
      case CallCommand.spec.name: return try await CallCommand.run(parsed)
      case RenderCommand.spec.name: return try await RenderCommand.run(parsed)
      default: preconditionFailure("Invalid state: subcommand \(spec.name) has no runner")
      }
    } catch {
      return usageError(error)
    }
  }

  static func usageError(_ error: UsageError) -> ExitCode {
    // The message quotes what the user typed, which may hold newlines or other control characters:
    // escaped here, the one place usage errors are printed, so the message is always one line.
    Output.error("flowdump: \(Output.oneLine(error.message))")
    if let name = error.command, let spec = commands.first(where: { $0.name == name }) {
      Output.error("USAGE: \(spec.usage)")
      Output.error("See 'flowdump \(name) --help'.")
    } else {
      Output.error(
        "USAGE: flowdump [<subcommand>] [options]   (subcommands: \(commands.map(\.name).joined(separator: ", ")))")
      Output.error("See 'flowdump --help'.")
    }
    return .usage
  }
}
