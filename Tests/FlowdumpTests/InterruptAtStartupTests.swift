import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Ctrl-C at any moment of start-up must stop `flowdump dump store.state` (a flow that never ends,
/// so a lost Ctrl-C shows as a hang). It used to set SIGINT to ignored before its dispatch source
/// was armed, and a Ctrl-C 8–9 ms after start was sometimes dropped (3 runs in 300).
///
/// The delay before the signal is the input under test (where in start-up it lands), drawn from a
/// printed seed: `INTERRUPT_SEED=0x… INTERRUPT_RUNS=1000 swift test --filter InterruptAtStartup`
/// replays and lengthens it (default 50 runs; 10 under a sanitizer).
@Suite("Ctrl-C at start-up")
struct InterruptAtStartupTests {
  @Test("A Ctrl-C anywhere in start-up ends the run: exit 130 (or killed by SIGINT before main)")
  func interruptDuringStartup() async throws {
    let seed = SeededGenerator.seed(fromEnvironment: "INTERRUPT_SEED")
    let runs = SeededGenerator.count(fromEnvironment: "INTERRUPT_RUNS", default: Sanitizer.isActive ? 10 : 50)
    print(
      "Ctrl-C at start-up: seed 0x\(String(seed, radix: 16)), \(runs) runs "
        + "(replay: INTERRUPT_SEED=0x\(String(seed, radix: 16)) swift test --filter InterruptAtStartup)")
    var generator = SeededGenerator(seed: seed)
    var outcomes: [String: Int] = [:]
    for run in 1...max(1, runs) {
      // 0–30 ms in 0.1 ms steps covers the loader, Swift start-up, argument parsing and the start
      // of the collection on this machine.
      let delay = Duration.microseconds(Int64(generator.next() % 300) * 100)
      let process = try FlowdumpProcess(["dump", "store.state"], timeout: .seconds(10))
      try await Task.sleep(for: delay)  // where the signal lands: the input, not synchronisation
      process.send(SIGINT)
      let result = await process.finish()
      let context = "run \(run) of seed 0x\(String(seed, radix: 16)), SIGINT after \(delay)"
      #expect(!result.timedOut, "the Ctrl-C was lost (the flow never ends): \(context)")
      let interrupted = result.signalled ? result.exitCode == SIGINT : result.exitCode == 130
      #expect(interrupted, "\(result.signalled ? "signal" : "exit") \(result.exitCode): \(context)\n\(result.stderr)")
      #expect(result.stderr.isEmpty, "stderr: \(result.stderr) (\(context))")
      if let last = result.stdoutLines.last, result.stdoutLines.count > 1 {
        #expect(last.hasPrefix("cancelled: interrupted after"), "last line \(last): \(context)")
      }
      outcomes[result.signalled ? "signal \(result.exitCode)" : "exit \(result.exitCode)", default: 0] += 1
      if result.timedOut { break }
    }
    print("Ctrl-C at start-up: seed 0x\(String(seed, radix: 16)): \(outcomes.sorted { $0.key < $1.key })")
  }
}
