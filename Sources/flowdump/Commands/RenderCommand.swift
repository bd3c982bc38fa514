import HeadlessUI
import KotlinFixtures
import Scenarios

/// `flowdump render <scenario>`: runs a HeadlessUI scenario, taps buttons, prints the frames.
@MainActor
enum RenderCommand {
  static let scenarios = ["counter", "location", "location-failure"]

  static let spec = CommandSpec(
    name: "render", summary: "Render a view scenario headlessly, tap buttons, and print its frames.",
    positionals: [PositionalSpec(name: "scenario", isOptional: false, isVariadic: false)],
    options: [
      OptionSpec(
        name: "--tap", kind: .value(placeholder: "LABEL", validate: { $0.isEmpty ? "a label cannot be empty" : nil }),
        isRepeatable: true, help: "Tap the button with this title (repeatable; in order)."),
      OptionSpec(
        name: "--frames", kind: .value(placeholder: "all|last", validate: Validate.choice(["all", "last"])),
        isRepeatable: false, help: "Print every distinct frame (default) or only the last one."),
    ],
    details: [
      "SCENARIOS: " + scenarios.joined(separator: ", "), "", "EXAMPLE:", "  flowdump render counter --tap increment",
    ])

  /// The root view of a scenario: seed 002's counter, or seed 000's location view (answering with
  /// Tokyo Station, or failing).
  static func view(for scenario: String) -> any View {
    switch scenario {
    case "location": LocationView()
    case "location-failure": LocationView(script: [.fail("Location services are off")])
    default: CounterView()
    }
  }

  static func run(_ arguments: ParsedArguments) async throws(UsageError) -> ExitCode {
    let scenario = arguments.positionals[0]
    guard scenarios.contains(scenario) else {
      throw UsageError(
        message: "unknown scenario '\(scenario)'" + ArgumentParser.suggestion(for: scenario, among: scenarios),
        command: spec.name)
    }
    let taps = arguments.all("--tap")
    let onlyLast = arguments.value("--frames") == "last"
    do {
      return try await KotlinTestRuntime.withScope(clock: .virtualAutoAdvance) { _ in
        let host = HeadlessHost(AnyView(erasing: Self.view(for: scenario)))
        try await host.settle()
        for label in taps {
          do {
            try host.tap(label)
          } catch let error as HeadlessHostError {
            await host.unmount()
            throw UsageError(message: error.message, command: spec.name)
          }
          try await host.settle()
        }
        let frames = onlyLast ? [host.render()] : host.frames
        await host.unmount()
        for (index, frame) in frames.enumerated() {
          if !onlyLast { try Output.line("--- frame \(index + 1) ---") }
          try Output.line(frame)
        }
        return .success
      }
    } catch let error as UsageError {
      throw error
    } catch let error as OutputFailed {
      return error.report()
    } catch {
      Output.error("flowdump: rendering \(scenario) failed: \(error)")
      return .software
    }
  }
}
