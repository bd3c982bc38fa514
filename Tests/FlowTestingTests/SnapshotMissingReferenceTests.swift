import FlowTesting
import Testing

/// Without a reference file, `.never` fails and says how to record; `.missing` records it; `.all`
/// records every time.
@Suite("Snapshots: no reference yet")
struct SnapshotMissingReferenceTests {
  @Test("record mode never: fails with the path and the command that records it")
  func neverFails() throws {
    let sandbox = try SnapshotSandbox()
    defer { sandbox.remove() }
    let captured = captureSnapshotIssues {
      assertSnapshot(of: "frame", record: .never, snapshotDirectory: sandbox.path)
    }
    captured.expectSingleFailure(
      "No reference snapshot at \(sandbox.url("neverFails.txt").path) (record mode: never). Record it with: "
        + "SNAPSHOT_TESTING_RECORD=missing swift test --filter neverFails", thrown: false)
    #expect(sandbox.fileNames.isEmpty)
  }

  @Test("record mode missing: writes the reference and says so in a note")
  func missingRecords() throws {
    let sandbox = try SnapshotSandbox()
    defer { sandbox.remove() }
    let captured = captureSnapshotIssues {
      assertSnapshot(of: "VStack\n  Text \"0\"", record: .missing, snapshotDirectory: sandbox.path)
    }
    #expect(captured.failures.isEmpty)
    #expect(captured.notes.map(\.message) == ["Recorded new snapshot \(sandbox.url("missingRecords.txt").path)"])
    #expect(sandbox.read("missingRecords.txt") == "VStack\n  Text \"0\"\n")
  }

  @Test("record mode missing: an existing reference is compared, not rewritten")
  func missingComparesExisting() throws {
    let sandbox = try SnapshotSandbox()
    defer { sandbox.remove() }
    try sandbox.write("old\n", to: "missingComparesExisting.txt")
    let captured = captureSnapshotIssues {
      assertSnapshot(of: "new", record: .missing, snapshotDirectory: sandbox.path)
    }
    #expect(captured.failures.count == 1)
    #expect(sandbox.read("missingComparesExisting.txt") == "old\n")
  }

  @Test("record mode all: overwrites even a matching reference, as a note")
  func allRecords() throws {
    let sandbox = try SnapshotSandbox()
    defer { sandbox.remove() }
    try sandbox.write("old\n", to: "allRecords.txt")
    let captured = captureSnapshotIssues {
      assertSnapshot(of: "new", record: .all, snapshotDirectory: sandbox.path)
    }
    #expect(captured.failures.isEmpty)
    #expect(
      captured.notes.map(\.message) == ["Recorded snapshot \(sandbox.url("allRecords.txt").path) (record mode: all)"])
    #expect(sandbox.read("allRecords.txt") == "new\n")
  }
}
