import Foundation
import Testing

/// Generated command lines, from a seed printed first: each run of `flowdump` must keep the
/// exit-code contract (0, 1, 64, 65, 66, 124 or 130), never crash, never hang, and a usage error must be
/// exactly one error line (whatever the arguments hold: newlines, 100 000-character names, huge
/// numbers) followed by the two usage lines.
///
/// `FUZZ_SEED=0x… swift test --filter CLIFuzz` replays a plan; `FUZZ_RUNS=N` changes its size
/// (default 1 000; 100 under a sanitizer, where each launch is slow, since CI's plain step runs the
/// 1 000).
@Suite("CLI fuzz", .timeLimit(.minutes(10)))
struct CLIFuzzTests {
  @Test("1 000 generated argument vectors keep the exit-code contract, without a crash or a hang")
  func fuzz() async throws {
    let seed = SeededGenerator.seed(fromEnvironment: "FUZZ_SEED")
    let runs = SeededGenerator.count(fromEnvironment: "FUZZ_RUNS", default: Sanitizer.isActive ? 100 : 1_000)
    print(
      "CLI fuzz: seed 0x\(String(seed, radix: 16)), \(runs) runs (replay: FUZZ_SEED=0x\(String(seed, radix: 16)) swift test --filter CLIFuzz)"
    )
    var generator = SeededGenerator(seed: seed)
    let vectors = (0..<runs).map { _ in ArgumentVector.random(using: &generator) }
    var exitCodes: [Int32: Int] = [:]
    try await forEachRun(of: vectors, width: 4) { index, arguments, result in
      exitCodes[result.exitCode, default: 0] += 1
      check(result, run: index, seed: seed)
    }
    print("CLI fuzz: seed 0x\(String(seed, radix: 16)): exit codes \(exitCodes.sorted { $0.key < $1.key })")
  }

  /// The contract for one run.
  private func check(_ result: RunResult, run: Int, seed: UInt64) {
    let replay = "run \(run) of seed 0x\(String(seed, radix: 16)): \(Self.shell(result.arguments))"
    #expect(!result.timedOut, "hung: \(replay)")
    #expect(!result.signalled, "killed by signal \(result.exitCode): \(replay)\n\(result.stderr.prefix(2_000))")
    #expect(
      [0, 1, 64, 65, 66, 124, 130].contains(result.exitCode),
      "exit \(result.exitCode): \(replay)\n\(result.stderr.prefix(2_000))")
    for marker in ["Fatal error", "Backtrac", "Stack dump", "Illegal instruction", "kotlin-stub:"] {
      #expect(!result.stderr.contains(marker), "\(marker) on stderr: \(replay)")
    }
    if result.exitCode == 64 {
      let lines = result.stderrLines
      #expect(result.stdout.isEmpty, "a usage error prints nothing on stdout: \(replay)")
      #expect(lines.count == 3, "one error line, then usage: \(replay)\n\(result.stderr.prefix(2_000))")
      #expect(lines.first?.hasPrefix("flowdump: ") == true, "\(replay)")
    }
    if result.exitCode == 124 {
      #expect(result.stderr.contains("within"), "a timeout says so on stderr: \(replay)")
    }
  }

  /// Runs `flowdump` for each vector, `width` at a time, and hands each result to `body` in order
  /// of completion.
  private func forEachRun(
    of vectors: [[String]], width: Int, _ body: (Int, [String], RunResult) -> Void
  ) async throws {
    try await withThrowingTaskGroup(of: (Int, RunResult).self) { group in
      var next = 0
      func launch() {
        let index = next
        next += 1
        let arguments = vectors[index]
        group.addTask { (index, try await Flowdump.run(arguments, timeout: .seconds(30))) }
      }
      while next < min(width, vectors.count) { launch() }
      while let (index, result) = try await group.next() {
        body(index, vectors[index], result)
        if next < vectors.count { launch() }
      }
    }
  }

  /// A command line a shell can replay (long tokens shortened: the seed replays them exactly).
  static func shell(_ arguments: [String]) -> String {
    "flowdump "
      + arguments.map { token in
        let shown = token.count > 80 ? String(token.prefix(40)) + "…(\(token.count) characters)" : token
        return "'" + shown.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
      }.joined(separator: " ")
  }
}

/// Builds argument vectors from the tool's vocabulary, near misses and hostile tokens.
enum ArgumentVector {
  static let subcommands = ["demo", "list", "dump", "call", "render", "--help", "--version", "help", "-h"]
  static let flows = [
    "elements", "nullableElements", "noElements", "words", "greetings", "lists", "unsigned", "units", "failing",
    "discarding", "range", "strings", "ticks", "store.state", "subject.stateFlow", "subject.counter",
    "subject.sharedFlow", "script",
  ]
  static let functions = [
    "answer", "greet", "callAfter", "cancelAfter", "cancelSilentlyAfter", "throwAfter", "throwImmediately",
    "neverCompletes", "withFinally", "throwInFinallyOnCancel",
  ]
  static let scenarios = ["counter", "location"]
  static let options = [
    "--take", "--format", "--buffer", "--virtual-time", "--timeout", "--tap", "--frames", "--help", "-h", "--",
  ]
  static let values = [
    "0", "1", "2", "3", "7", "-1", "-3", "1000", "4096", "1048576", "1048577", "2147483647", "2147483648",
    "9223372036854775807", "99999999999999999999999", "-99999999999999999999", "1e9", "0.001", "0.5", "nan",
    "inf", "-inf", "0x10", "", " ", "text", "jsonl", "json", "rendezvous", "unbounded", "conflated", "conflatd",
    "all", "last", "increment", "boom", "é", "🙂", "a\nb", "line\r\nbreak", "tab\there", "\u{1B}[31m", "'quoted'",
    "--", "=",
  ]

  static func random(using generator: inout SeededGenerator) -> [String] {
    var arguments: [String] = []
    let roll = generator.next() % 100
    let subcommand: String
    if roll < 85 {
      subcommand = subcommands.randomElement(using: &generator)!
    } else if roll < 95 {
      subcommand = mutate(subcommands.randomElement(using: &generator)!, using: &generator)
    } else {
      subcommand = hostile(using: &generator)
    }
    arguments.append(subcommand)
    if subcommand == "dump" || subcommand == "call" {
      // Every dump or call ends: a short wall-clock timeout (a second --timeout later is a usage
      // error, so a generated one cannot lengthen it).
      arguments += ["--timeout", "0.3"]
    }
    switch subcommand {
    case "dump": arguments.append(pickName(flows, using: &generator))
    case "call": arguments.append(pickName(functions, using: &generator))
    case "render": arguments.append(pickName(scenarios, using: &generator))
    default: break
    }
    for _ in 0..<(generator.next() % 6) {
      switch generator.next() % 10 {
      case 0...3: arguments.append(values.randomElement(using: &generator)!)
      case 4...6: arguments.append(options.randomElement(using: &generator)!)
      case 7:
        let option = options.randomElement(using: &generator)!
        arguments.append(option + "=" + values.randomElement(using: &generator)!)
      case 8: arguments.append(mutate(options.randomElement(using: &generator)!, using: &generator))
      default: arguments.append(hostile(using: &generator))
      }
    }
    return arguments
  }

  private static func pickName(_ names: [String], using generator: inout SeededGenerator) -> String {
    switch generator.next() % 10 {
    case 0...6: names.randomElement(using: &generator)!
    case 7, 8: mutate(names.randomElement(using: &generator)!, using: &generator)
    default: hostile(using: &generator)
    }
  }

  /// A near miss: one character dropped, doubled, swapped or replaced.
  private static func mutate(_ token: String, using generator: inout SeededGenerator) -> String {
    var characters = Array(token)
    guard !characters.isEmpty else { return "x" }
    let at = Int(generator.next() % UInt64(characters.count))
    switch generator.next() % 4 {
    case 0: characters.remove(at: at)
    case 1: characters.insert(characters[at], at: at)
    case 2: characters[at] = Character(Unicode.Scalar(UInt8(97 + generator.next() % 26)))
    default: if at + 1 < characters.count { characters.swapAt(at, at + 1) }
    }
    return String(characters)
  }

  /// Tokens that broke or slowed the tool before: very long names, control characters, odd Unicode.
  private static func hostile(using generator: inout SeededGenerator) -> String {
    switch generator.next() % 6 {
    // Linux caps one argument at 128 KiB (MAX_ARG_STRLEN): up to 130 000 bytes.
    case 0: String(repeating: "x", count: 100_000 + Int(generator.next() % 30_001))
    case 1: "dump\nrange"
    case 2: String(repeating: "é🙂", count: Int(generator.next() % 2_000))
    case 3: "\u{7}\u{1B}\u{7F}"
    case 4: "--" + String(repeating: "-", count: Int(generator.next() % 100))
    default: String(repeating: "elements", count: 1 + Int(generator.next() % 5_000))
    }
  }
}
