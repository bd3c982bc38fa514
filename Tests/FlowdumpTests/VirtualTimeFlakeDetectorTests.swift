import Foundation
import Testing

/// The flake detector for the CLI: every golden that runs on virtual time, again and again, must
/// print exactly its golden (stdout, stderr, exit code) every time; and every flow × buffer policy
/// under `--virtual-time` must print the same bytes on every run. It runs only when
/// `FLAKE_REPETITIONS` is set (the goldens' repetitions; `.ci/run` runs 200 under load): its
/// hundreds of processes would otherwise load the machine under the plain suite's timing-sensitive
/// stress tests. `FLAKE_MATRIX_REPETITIONS` sets the matrix's repetitions (default 2).
@Suite(
  "Flake detector: virtual-time goldens and every flow × buffer policy, repeated",
  .enabled(if: ProcessInfo.processInfo.environment["FLAKE_REPETITIONS"] != nil, "set FLAKE_REPETITIONS to run it"))
struct VirtualTimeFlakeDetectorTests {
  static let repetitions = ProcessInfo.processInfo.environment["FLAKE_REPETITIONS"].flatMap(Int.init) ?? 1
  static let matrixRepetitions =
    ProcessInfo.processInfo.environment["FLAKE_MATRIX_REPETITIONS"].flatMap(Int.init) ?? 2

  static let virtualTimeGoldens: [GoldenCase] = (dumpCases + optionCases + callAndRenderCases).filter {
    $0.arguments.contains("--virtual-time")
  }

  static let flows: [[String]] = [
    ["elements"], ["nullableElements"], ["noElements"], ["words"], ["greetings"], ["lists"], ["unsigned"],
    ["units"], ["failing"], ["discarding"], ["range", "10000"], ["strings", "1000"], ["ticks", "1000", "3"],
    ["store.state", "--take", "1"], ["subject.stateFlow", "--take", "1"], ["subject.counter", "--take", "1"],
  ]
  static let buffers = ["rendezvous", "1", "64", "unbounded", "conflated"]
  static let matrix: [GoldenCase] = flows.flatMap { flow in
    buffers.map { buffer in
      GoldenCase(
        "\(flow.joined(separator: " ")) --buffer \(buffer)", ["dump"] + flow + ["--buffer", buffer, "--virtual-time"])
    }
  }

  @Test("Every virtual-time golden, repeated: identical to its golden every time")
  func goldensRepeated() async throws {
    var differing: [String] = []
    for repetition in 1...Self.repetitions {
      try await forEach(Self.virtualTimeGoldens) { testCase, result in
        if let difference = Golden.difference(result, named: testCase.name) {
          differing.append("repetition \(repetition), \(testCase.name): \(difference)")
        }
      }
    }
    #expect(
      differing.isEmpty,
      "\(differing.count) of \(Self.repetitions * Self.virtualTimeGoldens.count) runs differ; first: \(differing.first ?? "")"
    )
  }

  @Test("Every flow × buffer policy under --virtual-time, repeated: the same bytes every run")
  func matrixRepeated() async throws {
    var first: [String: RunResult] = [:]
    var differing: [String] = []
    for _ in 1...Self.matrixRepetitions {
      try await forEach(Self.matrix) { testCase, result in
        guard let reference = first[testCase.name] else {
          first[testCase.name] = result
          return
        }
        if result.stdout != reference.stdout || result.stderr != reference.stderr
          || result.exitCode != reference.exitCode
        {
          differing.append("\(testCase.name):\n\(reference.stdout)\nthen\n\(result.stdout)")
        }
      }
    }
    #expect(first.values.allSatisfy { !$0.signalled && !$0.timedOut }, "a run crashed or hung")
    #expect(differing.isEmpty, "\(differing.count) runs differ from the first; first: \(differing.first ?? "")")
  }

  /// Runs every case, two processes at a time (the machine has two cores), in order of the list.
  private func forEach(
    _ cases: [GoldenCase], _ body: (GoldenCase, RunResult) throws -> Void
  ) async throws {
    try await withThrowingTaskGroup(of: (Int, RunResult).self) { group in
      var results = [RunResult?](repeating: nil, count: cases.count)
      var next = 0
      while next < min(2, cases.count) {
        let index = next
        group.addTask { (index, try await Flowdump.run(cases[index].arguments)) }
        next += 1
      }
      while let (index, result) = try await group.next() {
        results[index] = result
        if next < cases.count {
          let index = next
          group.addTask { (index, try await Flowdump.run(cases[index].arguments)) }
          next += 1
        }
      }
      for (index, result) in results.enumerated() {
        if let result { try body(cases[index], result) }
      }
    }
  }
}
