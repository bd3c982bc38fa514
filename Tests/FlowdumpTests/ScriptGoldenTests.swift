import Foundation
import Testing

/// The scripts the golden cases dump, beside the goldens: `__Scripts__/<name>.jsonl`.
private let scriptsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .appendingPathComponent("__Scripts__")

/// `dump script …` cases, run in `__Scripts__` so that the goldens show relative paths.
private let scriptCases: [GoldenCase] =
  ["messages", "login-failure", "mixed"].flatMap { name in
    ["text", "jsonl"].map { format in
      GoldenCase(
        "dump-script-\(name)-\(format)", ["dump", "script", "\(name).jsonl", "--format", format, "--virtual-time"])
    }
  } + [
    GoldenCase("dump-script-cancelled", ["dump", "script", "cancelled.jsonl", "--virtual-time"]),
    GoldenCase("dump-script-forever-take-1", ["dump", "script", "forever.jsonl", "--take", "1", "--virtual-time"]),
    GoldenCase(
      "dump-script-messages-buffer-unbounded",
      ["dump", "script", "messages.jsonl", "--buffer", "unbounded", "--virtual-time"]),
    GoldenCase(
      "timeout-dump-script-forever", ["dump", "script", "forever.jsonl", "--timeout", "0.5", "--virtual-time"]),
  ]

/// Script files that are refused before anything runs: 65 (EX_DATAERR) with the line and what was
/// expected (an empty file too), 66 (EX_NOINPUT) for a file that cannot be read; and a `--record` file that cannot be
/// created: 73 (EX_CANTCREAT).
private let refusedCases: [GoldenCase] = [
  GoldenCase("script-bad-json", ["dump", "script", "bad-json.jsonl"]),
  GoldenCase("script-bad-after-complete", ["dump", "script", "bad-after-complete.jsonl"]),
  GoldenCase("script-bad-negative-delay", ["dump", "script", "bad-negative-delay.jsonl"]),
  GoldenCase("script-bad-truncated", ["dump", "script", "bad-truncated.jsonl"]),
  GoldenCase("script-bad-unknown-step", ["dump", "script", "bad-unknown-step.jsonl"]),
  GoldenCase("script-missing-file", ["dump", "script", "no-such-script.jsonl"]),
  GoldenCase("script-directory", ["dump", "script", "."]),
  // Readable but empty: a malformed script (65), saying whether the file is empty or not a regular one.
  GoldenCase("script-empty", ["dump", "script", "empty.jsonl"]),
  GoldenCase("script-dev-null", ["dump", "script", "/dev/null"]),
  GoldenCase("script-bad-nul-in-error", ["dump", "script", "bad-nul-in-error.jsonl"]),
  GoldenCase("usage-script-without-path", ["dump", "script"]),
  GoldenCase("record-cannot-create", ["dump", "elements", "--record", "no-such-directory/elements.jsonl"]),
]

/// A recording that cannot be written (/dev/full: every write fails with ENOSPC): the dump itself runs
/// and prints, then exit 74 (EX_IOERR) with the reason on stderr.
private let writeFailureCase = GoldenCase(
  "record-write-failure", ["dump", "elements", "--virtual-time", "--record", "/dev/full"])

@Suite("Golden output of scripted flows: dump script, and its refusals")
struct ScriptGoldenTests {
  @Test("dump script: text and jsonl, every end, --take, --buffer, --timeout", arguments: scriptCases)
  func dumpScript(_ testCase: GoldenCase) async throws {
    try await check(testCase)
  }

  @Test("malformed and unreadable scripts, an unwritable recording", arguments: refusedCases)
  func refused(_ testCase: GoldenCase) async throws {
    let result = try await check(testCase)
    #expect(result.stdout.isEmpty, "nothing runs, so nothing is printed")
  }

  @Test(
    "a recording that cannot be written: the dump runs, then exit 74",
    .enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
  func recordWriteFailure() async throws {
    try await check(writeFailureCase)
  }

  @discardableResult
  private func check(_ testCase: GoldenCase) async throws -> RunResult {
    let result = try await Flowdump.run(testCase.arguments, currentDirectory: scriptsDirectory)
    #expect(!result.signalled, "crashed: \(result.stderr.prefix(400))")
    Golden.assertMatches(result, named: testCase.name)
    return result
  }
}
