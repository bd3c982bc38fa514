import FlowTesting
import Testing

/// A value equal to its reference passes — also when only line endings or the final newline
/// differ.
@Suite("Snapshots: matching references")
struct SnapshotMatchTests {
  @Test("an identical reference passes and nothing is written")
  func identical() throws {
    let sandbox = try SnapshotSandbox()
    defer { sandbox.remove() }
    try sandbox.write("line 1\nline 2\n", to: "identical.txt")
    let captured = captureSnapshotIssues {
      assertSnapshot(of: "line 1\nline 2", record: .never, snapshotDirectory: sandbox.path)
    }
    #expect(captured.issues.isEmpty)
    #expect(sandbox.fileNames == ["identical.txt"])
  }

  @Test("a reference with CRLF line endings matches")
  func crlfReference() throws {
    let sandbox = try SnapshotSandbox()
    defer { sandbox.remove() }
    try sandbox.write("line 1\r\nline 2\r\n", to: "crlfReference.txt")
    let captured = captureSnapshotIssues {
      assertSnapshot(of: "line 1\nline 2", record: .never, snapshotDirectory: sandbox.path)
    }
    #expect(captured.issues.isEmpty)
  }

  @Test("a value with CRLF line endings matches an LF reference")
  func crlfValue() throws {
    let sandbox = try SnapshotSandbox()
    defer { sandbox.remove() }
    try sandbox.write("line 1\nline 2\n", to: "crlfValue.txt")
    let captured = captureSnapshotIssues {
      assertSnapshot(of: "line 1\r\nline 2\r\n", record: .never, snapshotDirectory: sandbox.path)
    }
    #expect(captured.issues.isEmpty)
  }

  @Test("a reference without a final newline matches")
  func noFinalNewline() throws {
    let sandbox = try SnapshotSandbox()
    defer { sandbox.remove() }
    try sandbox.write("line 1\nline 2", to: "noFinalNewline.txt")
    let captured = captureSnapshotIssues {
      assertSnapshot(of: "line 1\nline 2\n", record: .never, snapshotDirectory: sandbox.path)
    }
    #expect(captured.issues.isEmpty)
  }

  @Test("a match removes the .actual.txt artifact of an earlier failure")
  func staleArtifactRemoved() throws {
    let sandbox = try SnapshotSandbox()
    defer { sandbox.remove() }
    try sandbox.write("same\n", to: "staleArtifactRemoved.txt")
    try sandbox.write("different\n", to: "staleArtifactRemoved.actual.txt")
    let captured = captureSnapshotIssues {
      assertSnapshot(of: "same", record: .never, snapshotDirectory: sandbox.path)
    }
    #expect(captured.issues.isEmpty)
    #expect(sandbox.fileNames == ["staleArtifactRemoved.txt"])
  }
}
