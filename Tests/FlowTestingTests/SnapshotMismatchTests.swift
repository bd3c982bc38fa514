import FlowTesting
import Testing

/// A mismatch fails with a unified diff (`-` reference, `+` actual), writes the actual text next to
/// the reference as `.actual.txt`, leaves the reference alone, and says how to re-record.
@Suite("Snapshots: mismatches")
struct SnapshotMismatchTests {
  @Test("the failure shows the diff, the artifact and the re-record command")
  func diffArtifactAndCommand() throws {
    let sandbox = try SnapshotSandbox()
    defer { sandbox.remove() }
    try sandbox.write("header\nold\nfooter\n", to: "diffArtifactAndCommand.txt")
    let captured = captureSnapshotIssues {
      assertSnapshot(of: "header\nnew\nfooter", record: .never, snapshotDirectory: sandbox.path)
    }
    #expect(captured.issues.count == 1)
    let message = try #require(captured.failures.first?.message)
    #expect(message.hasPrefix("Snapshot diffArtifactAndCommand.txt does not match:\n@@ -1,3 +1,3 @@\n"))
    let lines = message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.contains("-old"))
    #expect(lines.contains("+new"))
    #expect(lines.contains(" header"))
    #expect(lines.contains(" footer"))
    #expect(lines.contains("Actual output written to \(sandbox.url("diffArtifactAndCommand.actual.txt").path)"))
    #expect(
      message.hasSuffix(
        "If the change is intended, re-record with: SNAPSHOT_TESTING_RECORD=failed swift test --filter "
          + "diffArtifactAndCommand"))
    #expect(sandbox.read("diffArtifactAndCommand.actual.txt") == "header\nnew\nfooter\n")
    #expect(sandbox.read("diffArtifactAndCommand.txt") == "header\nold\nfooter\n")
  }

  /// Unified diffs (diff -u, git diff) list a change's removed lines before its added ones.
  @Test("within a change, removed lines come before added lines")
  func removalsBeforeAdditions() throws {
    let sandbox = try SnapshotSandbox()
    defer { sandbox.remove() }
    try sandbox.write("header\nold\nfooter\n", to: "removalsBeforeAdditions.txt")
    let captured = captureSnapshotIssues {
      assertSnapshot(of: "header\nnew\nfooter", record: .never, snapshotDirectory: sandbox.path)
    }
    let message = try #require(captured.failures.first?.message)
    #expect(message.contains("@@ -1,3 +1,3 @@\n header\n-old\n+new\n footer\n"))
  }

  @Test("only the hunks around changes are shown, with three lines of context")
  func contextLines() throws {
    let sandbox = try SnapshotSandbox()
    defer { sandbox.remove() }
    let reference = (1...20).map { "line \($0)" }
    var actual = reference
    actual[9] = "line ten"
    try sandbox.write(reference.joined(separator: "\n"), to: "contextLines.txt")
    let captured = captureSnapshotIssues {
      assertSnapshot(of: actual.joined(separator: "\n"), record: .never, snapshotDirectory: sandbox.path)
    }
    let message = try #require(captured.failures.first?.message)
    let diff = message.split(separator: "\n").map(String.init).filter {
      $0.hasPrefix("@@") || $0.hasPrefix(" ") || $0.hasPrefix("-") || $0.hasPrefix("+")
    }
    #expect(diff.first == "@@ -7,7 +7,7 @@")
    #expect(diff.filter { $0.hasPrefix(" ") } == [" line 7", " line 8", " line 9", " line 11", " line 12", " line 13"])
    #expect(diff.contains("-line 10"))
    #expect(diff.contains("+line ten"))
  }
}
