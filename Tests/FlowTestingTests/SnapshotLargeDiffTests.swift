import FlowTesting
import Testing

/// A large golden costs memory in proportion to its size, not to the product of the line counts (a
/// 100 000-line golden with one changed line needed a table of 80 GB), and the failure message
/// stays readable: at most 400 diff lines, each at most 1 000 characters, saying what was left out.
@Suite("Snapshots: large diffs")
struct SnapshotLargeDiffTests {
  @Test("a 100 000-line golden with one changed line: one hunk around it")
  func oneChangeInALongGolden() throws {
    let sandbox = try SnapshotSandbox()
    defer { sandbox.remove() }
    let reference = (1...100_000).map { "line \($0)" }
    var actual = reference
    actual[49_999] = "line fifty thousand"
    try sandbox.write(reference.joined(separator: "\n"), to: "oneChangeInALongGolden.txt")
    let captured = captureSnapshotIssues {
      assertSnapshot(of: actual.joined(separator: "\n"), record: .never, snapshotDirectory: sandbox.path)
    }
    let message = try #require(captured.failures.first?.message)
    #expect(captured.issues.count == 1)
    #expect(
      message.hasPrefix(
        "Snapshot oneChangeInALongGolden.txt does not match:\n@@ -49997,7 +49997,7 @@\n line 49997\n line 49998\n"
          + " line 49999\n-line 50000\n+line fifty thousand\n line 50001\n line 50002\n line 50003\nActual output"))
  }

  @Test("a diff longer than 400 lines is cut, saying how much and how to see it whole")
  func longDiffIsCut() throws {
    let sandbox = try SnapshotSandbox()
    defer { sandbox.remove() }
    try sandbox.write((1...2_000).map { "old \($0)" }.joined(separator: "\n"), to: "longDiffIsCut.txt")
    let captured = captureSnapshotIssues {
      assertSnapshot(
        of: (1...2_000).map { "new \($0)" }.joined(separator: "\n"), record: .never, snapshotDirectory: sandbox.path)
    }
    let message = try #require(captured.failures.first?.message)
    let lines = message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    // One hunk: its header, 2000 removed and 2000 added lines; 400 shown.
    #expect(lines[1] == "@@ -1,2000 +1,2000 @@")
    #expect(lines[2] == "-old 1")
    #expect(lines[400] == "-old 399")
    #expect(lines[401] == "… 3601 more lines of the diff not shown")
    #expect(lines[402] == "Actual output written to \(sandbox.url("longDiffIsCut.actual.txt").path)")
    #expect(
      lines[403]
        == "See the whole diff with: diff -u '\(sandbox.url("longDiffIsCut.txt").path)' "
        + "'\(sandbox.url("longDiffIsCut.actual.txt").path)'")
  }

  @Test("a large golden against two lines: the message stays small")
  func largeGoldenAgainstTwoLines() throws {
    let sandbox = try SnapshotSandbox()
    defer { sandbox.remove() }
    try sandbox.write((1...200_000).map { "frame \($0)" }.joined(separator: "\n"), to: "largeGoldenAgainstTwoLines.txt")
    let captured = captureSnapshotIssues {
      assertSnapshot(of: "frame 1\nsomething else", record: .never, snapshotDirectory: sandbox.path)
    }
    let message = try #require(captured.failures.first?.message)
    let lines = message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines[1] == "@@ -1,200000 +1,2 @@")
    #expect(lines[2] == " frame 1")
    #expect(lines[3] == "-frame 2")
    // On failure, show the cut note (or its absence) and the size, not the lines: they may be many.
    #expect(lines.first { $0.hasPrefix("… ") } == "… 199602 more lines of the diff not shown")
    #expect(message.utf8.count < 20_000)
  }

  @Test("a line longer than 1 000 characters is cut, saying how many more it had")
  func longLineIsCut() throws {
    let sandbox = try SnapshotSandbox()
    defer { sandbox.remove() }
    try sandbox.write(String(repeating: "x", count: 5_000), to: "longLineIsCut.txt")
    let captured = captureSnapshotIssues {
      assertSnapshot(of: "y", record: .never, snapshotDirectory: sandbox.path)
    }
    let message = try #require(captured.failures.first?.message)
    #expect(message.contains("\n-" + String(repeating: "x", count: 1_000) + "… (4000 more characters)\n+y\n"))
  }
}
