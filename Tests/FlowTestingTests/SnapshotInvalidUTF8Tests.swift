import FlowTesting
import Foundation
import Testing

/// A reference that is not UTF-8 text fails with a clear message instead of a diff.
@Suite("Snapshots: a reference that is not UTF-8")
struct SnapshotInvalidUTF8Tests {
  @Test("fails with \"not valid UTF-8\" and how to re-record")
  func invalidUTF8() throws {
    let sandbox = try SnapshotSandbox()
    defer { sandbox.remove() }
    try sandbox.write(Data([0x66, 0x72, 0xFF, 0xFE, 0x0A]), to: "invalidUTF8.txt")
    let captured = captureSnapshotIssues {
      assertSnapshot(of: "fr", record: .never, snapshotDirectory: sandbox.path)
    }
    captured.expectSingleFailure(
      "Snapshot \(sandbox.url("invalidUTF8.txt").path) is not valid UTF-8; delete it and re-record with: "
        + "SNAPSHOT_TESTING_RECORD=missing swift test --filter invalidUTF8", thrown: false)
    #expect(sandbox.fileNames == ["invalidUTF8.txt"])
  }
}
