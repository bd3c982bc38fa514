import HeadlessUI
import KotlinFixtures
import Scenarios

/// `flowdump` with no arguments: seed 002's counter. The store's state flow is collected while the
/// store is incremented, then the counter view is rendered and tapped. Deterministic: each
/// increment waits for the previous value to arrive, and time is virtual.
@MainActor
enum DemoCommand {
  static let spec = CommandSpec(
    name: "demo", summary: "Run the built-in demo (the default): seed 002's counter, values then frames.",
    positionals: [], options: [], details: [])

  static func run(_ arguments: ParsedArguments) async -> ExitCode {
    do {
      try await KotlinTestRuntime.withScope(clock: .virtualAutoAdvance) { _ in
        try Output.line("flowdump — Kotlin flows collected from Swift, and a view rendered over them")
        try Output.line("")
        try Output.line(
          "Store().state : StateFlow<Int>, collected with `for try await value in store.state.asAsyncSequence()`")
        let store = Store()
        for try await value in store.state.asAsyncSequence() {
          try Output.line("  received \(value)")
          guard value < 3 else { break }
          try Output.line("  store.increment()")
          store.increment()
        }
        try Output.line("")
        try Output.line("Seed 002's ContentView rendered headlessly; tap \"increment\" twice:")
        let host = HeadlessHost(CounterView())
        try await host.settle()
        for _ in 0..<2 {
          try host.tap("increment")
          try await host.settle()
        }
        for (index, frame) in host.frames.enumerated() {
          try Output.line("--- frame \(index + 1) ---")
          try Output.line(frame)
        }
        await host.unmount()
        try Output.line("")
        try Output.line(
          "Next: flowdump list · flowdump dump failing --format jsonl · flowdump render counter --tap increment")
      }
      return .success
    } catch let error as OutputFailed {
      return error.report()
    } catch {
      Output.error("flowdump: the demo failed: \(error)")
      return .software
    }
  }
}
