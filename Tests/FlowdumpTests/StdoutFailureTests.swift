import Foundation
import Testing

/// Every command that prints, with stdout on a full disk.
private let printingCommands: [[String]] = [
  ["dump", "range", "100000"], ["dump", "range", "5", "--format", "jsonl"], ["list"], ["render", "counter"],
  ["call", "answer"], [], ["--help"], ["--version"], ["dump", "--help"],
]

@Suite("stdout that cannot be written")
struct StdoutFailureTests {
  /// /dev/full fails every write with ENOSPC. A closed pipe (EPIPE) still ends quietly with exit 0
  /// (ProcessBehaviourTests); any other failure is output lost, and must not pass for a success.
  @Test(
    "stdout on a full disk (/dev/full): exit 74 (EX_IOERR) and the reason on stderr",
    .enabled(if: FileManager.default.fileExists(atPath: "/dev/full")), arguments: printingCommands)
  func fullDisk(_ arguments: [String]) async throws {
    let result = try await Flowdump.run(arguments, shell: "exec >/dev/full")
    #expect(!result.signalled, "killed by signal \(result.exitCode)")
    #expect(result.exitCode == 74)
    #expect(result.stderr == "flowdump: cannot write to stdout: No space left on device\n")
  }
}
