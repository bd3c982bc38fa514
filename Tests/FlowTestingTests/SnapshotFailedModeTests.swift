import FlowTesting
import Testing

/// Record mode `failed` overwrites a mismatching reference — and still fails, so that the change
/// is seen and the next run verifies it.
@Suite("Snapshots: record mode failed")
struct SnapshotFailedModeTests {
  @Test("a mismatch overwrites the reference and still fails")
  func overwritesAndFails() throws {
    let sandbox = try SnapshotSandbox()
    defer { sandbox.remove() }
    try sandbox.write("old\n", to: "overwritesAndFails.txt")
    let captured = captureSnapshotIssues {
      assertSnapshot(of: "new", record: .failed, snapshotDirectory: sandbox.path)
    }
    #expect(captured.issues.count == 1)
    let message = try #require(captured.failures.first?.message)
    #expect(message.hasPrefix("Snapshot overwritesAndFails.txt does not match:\n"))
    #expect(message.hasSuffix("Re-recorded the reference (record mode: failed); run the test again to verify."))
    #expect(!message.contains("If the change is intended"))
    #expect(sandbox.read("overwritesAndFails.txt") == "new\n")
    #expect(sandbox.read("overwritesAndFails.actual.txt") == "new\n")
  }

  @Test("a match leaves the reference untouched")
  func matchUntouched() throws {
    let sandbox = try SnapshotSandbox()
    defer { sandbox.remove() }
    try sandbox.write("same\r\n", to: "matchUntouched.txt")
    let captured = captureSnapshotIssues {
      assertSnapshot(of: "same", record: .failed, snapshotDirectory: sandbox.path)
    }
    #expect(captured.issues.isEmpty)
    #expect(sandbox.read("matchUntouched.txt") == "same\r\n")
  }

  @Test("a missing reference is not recorded: failed only re-records mismatches")
  func missingIsNotRecorded() throws {
    let sandbox = try SnapshotSandbox()
    defer { sandbox.remove() }
    let captured = captureSnapshotIssues {
      assertSnapshot(of: "new", record: .failed, snapshotDirectory: sandbox.path)
    }
    captured.expectSingleFailure(
      "No reference snapshot at \(sandbox.url("missingIsNotRecorded.txt").path) (record mode: failed). Record it "
        + "with: SNAPSHOT_TESTING_RECORD=missing swift test --filter missingIsNotRecorded", thrown: false)
    #expect(sandbox.fileNames.isEmpty)
  }
}
