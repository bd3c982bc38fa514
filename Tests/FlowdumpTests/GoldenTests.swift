import Foundation
import Testing

/// One end-to-end case: `flowdump arguments…`, compared with `__Goldens__/<name>.txt`.
struct GoldenCase: Sendable, CustomTestStringConvertible {
  let name: String
  let arguments: [String]

  init(_ name: String, _ arguments: [String]) {
    self.name = name
    self.arguments = arguments
  }

  var testDescription: String { name }
}

/// The fixture flows of `flowdump list` that end by themselves, with their arguments.
private let fixtureFlows: [(name: String, arguments: [String])] = [
  ("elements", ["elements"]), ("nullableElements", ["nullableElements"]), ("noElements", ["noElements"]),
  ("words", ["words"]), ("greetings", ["greetings"]), ("lists", ["lists"]), ("unsigned", ["unsigned"]),
  ("units", ["units"]), ("failing", ["failing"]), ("discarding", ["discarding"]), ("range-5", ["range", "5"]),
  ("strings-3", ["strings", "3"]),
  ("ticks-1000-3", ["ticks", "1000", "3"]),
]

/// Every dump passes --virtual-time: elapsed milliseconds are then virtual, so deterministic.
let dumpCases: [GoldenCase] = fixtureFlows.flatMap { flow in
  ["text", "jsonl"].map { format in
    GoldenCase("dump-\(flow.name)-\(format)", ["dump"] + flow.arguments + ["--format", format, "--virtual-time"])
  }
}

private let helpCases: [GoldenCase] =
  [
    GoldenCase("help", ["--help"]),
    GoldenCase("version", ["--version"]),
  ] + ["demo", "list", "dump", "call", "render"].map { GoldenCase("help-\($0)", [$0, "--help"]) }

let optionCases: [GoldenCase] = [
  GoldenCase("dump-elements-take-2", ["dump", "elements", "--take", "2", "--virtual-time"]),
  GoldenCase("dump-elements-take-0", ["dump", "elements", "--take", "0", "--virtual-time"]),
  GoldenCase("dump-elements-take-2-jsonl", ["dump", "elements", "--take", "2", "--format", "jsonl", "--virtual-time"]),
  GoldenCase("dump-store-state-take-1", ["dump", "store.state", "--take", "1", "--virtual-time"]),
  GoldenCase("dump-elements-buffer-rendezvous", ["dump", "elements", "--buffer", "rendezvous", "--virtual-time"]),
  GoldenCase("dump-elements-buffer-1", ["dump", "elements", "--buffer", "1", "--virtual-time"]),
  GoldenCase("dump-elements-buffer-64", ["dump", "elements", "--buffer", "64", "--virtual-time"]),
  GoldenCase("dump-elements-buffer-unbounded", ["dump", "elements", "--buffer", "unbounded", "--virtual-time"]),
  GoldenCase("dump-elements-buffer-conflated", ["dump", "elements", "--buffer", "conflated", "--virtual-time"]),
  GoldenCase("dump-elements-buffer-inline-value", ["dump", "elements", "--buffer=2", "--take=1", "--virtual-time"]),
  // What a conflated consumer sees under the test scheduler (as under kotlinx-coroutines-test):
  // the first item, handed to the waiting consumer, then the last, which replaced the rest.
  GoldenCase(
    "dump-range-10000-buffer-conflated", ["dump", "range", "10000", "--buffer", "conflated", "--virtual-time"]),
]

let callAndRenderCases: [GoldenCase] = [
  GoldenCase("call-answer", ["call", "answer"]),
  GoldenCase("call-greet-Ada", ["call", "greet", "Ada"]),
  GoldenCase("call-throwAfter-10-boom", ["call", "throwAfter", "10", "boom"]),
  GoldenCase("call-cancelAfter-5", ["call", "cancelAfter", "5", "--virtual-time"]),
  GoldenCase("render-counter-tap-tap", ["render", "counter", "--tap", "increment", "--tap", "increment"]),
  GoldenCase(
    "render-counter-tap-tap-frames-last",
    ["render", "counter", "--tap", "increment", "--tap", "increment", "--frames", "last"]),
  GoldenCase("render-location", ["render", "location"]),
  GoldenCase("render-location-failure", ["render", "location-failure"]),
]

@Suite("Golden output: stdout, stderr and exit code of the built binary")
struct GoldenTests {
  @Test("flowdump with no arguments runs the demo")
  func defaultDemo() async throws {
    let result = try await Flowdump.run([])
    Golden.assertMatches(result, named: "demo-default")
  }

  @Test("flowdump list")
  func list() async throws {
    Golden.assertMatches(try await Flowdump.run(["list"]), named: "list")
  }

  @Test("Help and version", arguments: helpCases)
  func help(_ testCase: GoldenCase) async throws {
    try await check(testCase)
  }

  @Test("Dump of each fixture flow, text and jsonl", arguments: dumpCases)
  func dump(_ testCase: GoldenCase) async throws {
    let result = try await check(testCase)
    if testCase.arguments.contains("jsonl") {
      // Every line is one JSON object: items, then exactly one terminal event.
      let objects = result.stdoutLines.map { line in
        (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
      }
      #expect(objects.allSatisfy { $0 != nil }, "not one JSON object per line:\n\(result.stdout)")
      #expect(objects.dropLast().allSatisfy { $0?["index"] != nil && $0?["event"] == nil })
      #expect(objects.last??["event"] != nil, "the last line is the terminal event")
    }
  }

  @Test("Dump options: --take and each --buffer choice", arguments: optionCases)
  func dumpOptions(_ testCase: GoldenCase) async throws {
    try await check(testCase)
  }

  @Test("Suspend calls and rendering", arguments: callAndRenderCases)
  func callAndRender(_ testCase: GoldenCase) async throws {
    try await check(testCase)
  }

  @discardableResult
  private func check(_ testCase: GoldenCase) async throws -> RunResult {
    let result = try await Flowdump.run(testCase.arguments)
    #expect(!result.signalled, "crashed: \(result.stderr.prefix(400))")
    Golden.assertMatches(result, named: testCase.name)
    return result
  }
}
