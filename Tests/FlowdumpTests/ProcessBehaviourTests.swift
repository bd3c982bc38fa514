import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Runs `flowdump arguments…` `count` times, at most `width` at a time (the machine has 2 cores).
private func runRepeatedly(_ arguments: [String], count: Int, width: Int = 2) async throws -> [RunResult] {
  try await withThrowingTaskGroup(of: (Int, RunResult).self) { group in
    var results = [RunResult?](repeating: nil, count: count)
    var next = 0
    func launch() {
      let index = next
      next += 1
      group.addTask { (index, try await Flowdump.run(arguments)) }
    }
    while next < min(width, count) { launch() }
    while let (index, result) = try await group.next() {
      results[index] = result
      if next < count { launch() }
    }
    return results.compactMap { $0 }
  }
}

@Suite("Process behaviour: determinism, Ctrl-C, a closed stdout, timeouts")
struct ProcessBehaviourTests {
  @Test("The default demo is byte-identical across 50 runs")
  func demoIsDeterministic() async throws {
    let results = try await runRepeatedly([], count: 50)
    try #require(results.count == 50)
    let first = results[0]
    #expect(first.exitCode == 0 && !first.signalled)
    #expect(first.stderr.isEmpty)
    for (index, result) in results.enumerated().dropFirst() {
      #expect(result.exitCode == first.exitCode, "run \(index + 1): exit code")
      #expect(result.stdout == first.stdout, "run \(index + 1): stdout differs from the first run's")
      #expect(result.stderr == first.stderr, "run \(index + 1): stderr differs from the first run's")
    }
  }

  /// FLOWDUMP_SIGINT_RUNS=N repeats it N times (a stress run for the signal-handling start-up).
  @Test("Ctrl-C after the first value of a never-ending state flow: terminal line and exit 130")
  func interrupt() async throws {
    let runs = ProcessInfo.processInfo.environment["FLOWDUMP_SIGINT_RUNS"].flatMap(Int.init) ?? 1
    for run in 1...max(1, runs) {
      let process = try FlowdumpProcess(["dump", "store.state"], timeout: .seconds(10))
      // Synchronise on the output itself: the header, then the first value line.
      let lines = await process.waitForStdout { $0.count >= 2 }
      try #require(lines.count >= 2, "no value line before the end: \(lines)")
      #expect(lines[0] == "store.state: StateFlow<Int> (buffer: rendezvous)")
      #expect(lines[1].hasPrefix("     0 ") && lines[1].hasSuffix("ms  0"), "first value line: \(lines[1])")
      let sent = ContinuousClock.now
      process.send(SIGINT)
      let result = await process.finish()
      let afterSignal = ContinuousClock.now - sent
      #expect(!result.signalled, "killed by signal \(result.exitCode) instead of exiting 130")
      #expect(result.exitCode == 130, "run \(run) of \(runs)")
      #expect(result.stdoutLines.count == 3, "header, one value, the terminal line:\n\(result.stdout)")
      #expect(result.stdoutLines.last == "cancelled: interrupted after 1 item")
      #expect(result.stderr.isEmpty)
      #expect(afterSignal < .seconds(20), "took \(afterSignal) to exit after SIGINT")
      if result.timedOut || result.exitCode != 130 { break }
    }
  }

  @Test("A closed stdout (| head -3) ends the dump quickly, with exit 0 and nothing on stderr")
  func closedStdout() async throws {
    let process = try FlowdumpProcess(["dump", "range", "100000000"], timeout: .seconds(30), closeStdoutAfterLines: 3)
    let lines = await process.waitForStdout { $0.count >= 3 }
    let result = await process.finish()
    #expect(Array(lines.prefix(1)) == ["range 100000000: Flow<Int> (buffer: rendezvous)"])
    #expect(lines.count >= 3 && lines[1].hasSuffix("ms  0") && lines[2].hasSuffix("ms  1"), "\(lines.prefix(3))")
    #expect(!result.signalled, "killed by signal \(result.exitCode)")
    #expect(result.exitCode == 0)
    #expect(result.stderr.isEmpty, "stderr: \(result.stderr)")
    #expect(result.elapsed < .seconds(30), "took \(result.elapsed)")
  }

  @Test(
    "--timeout 0.2 on a never-ending flow or call: timeout terminal line, exit 124",
    arguments: [
      GoldenCase("timeout-dump-store-state", ["dump", "store.state", "--timeout", "0.2", "--virtual-time"]),
      GoldenCase(
        "timeout-dump-store-state-jsonl",
        ["dump", "store.state", "--timeout", "0.2", "--format", "jsonl", "--virtual-time"]),
      GoldenCase("timeout-call-neverCompletes", ["call", "neverCompletes", "--timeout", "0.2"]),
    ])
  func timeout(_ testCase: GoldenCase) async throws {
    let result = try await Flowdump.run(testCase.arguments)
    #expect(result.exitCode == 124 && !result.signalled)
    #expect(result.elapsed >= .milliseconds(200), "gave up after \(result.elapsed), before the timeout")
    #expect(result.elapsed < .seconds(30), "took \(result.elapsed)")
    Golden.assertMatches(result, named: testCase.name)
  }

  /// The validator accepts any finite positive number of seconds, so a huge timeout is valid
  /// input and must behave as no timeout at all.
  @Test(
    "A huge --timeout is accepted and does not fire",
    arguments: [
      ["dump", "elements", "--timeout", "1e300", "--virtual-time"],
      ["call", "answer", "--timeout", "1e300"],
    ])
  func hugeTimeout(_ arguments: [String]) async throws {
    let result = try await Flowdump.run(arguments)
    let stderr = String(result.stderr.prefix(300))
    #expect(!result.signalled, "crashed with signal \(result.exitCode):\n\(stderr)")
    #expect(result.exitCode == 0)
    #expect(stderr.isEmpty)
  }

  /// `dump --help` promises --virtual-time is "instant and deterministic; elapsed times are
  /// virtual". With a buffer the producer does not wait for Swift, but each tick is still emitted
  /// at its virtual time, so every run must print the same lines, and a buffer that drops nothing
  /// must print each tick at the time it was emitted.
  @Test("--virtual-time stays deterministic with a buffer", arguments: ["1", "unbounded", "conflated"])
  func virtualTimeWithBuffer(_ buffer: String) async throws {
    let results = try await runRepeatedly(
      ["dump", "ticks", "1000", "3", "--buffer", buffer, "--virtual-time"], count: 20)
    let distinct = Set(results.map(\.stdout))
    #expect(
      distinct.count == 1,
      "\(distinct.count) different outputs in 20 runs:\n\(distinct.sorted().joined(separator: "\n"))")
    if buffer != "conflated" {
      let lines = results[0].stdoutLines.dropFirst().prefix(3)
      #expect(Array(lines) == ["     0    1000ms  0", "     1    2000ms  1", "     2    3000ms  2"])
    }
  }
}
