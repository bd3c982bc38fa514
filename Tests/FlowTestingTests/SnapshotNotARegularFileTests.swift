import FlowTesting
import Foundation
import Testing

/// A reference path that exists but is not a regular file (a symbolic link to `/dev/zero`, a
/// directory) is reported as such, in every record mode: it is not a missing snapshot, reading a
/// device could block or never end, and writing to it would record nothing.
@Suite("Snapshots: a reference that is not a regular file")
struct SnapshotNotARegularFileTests {
  @Test("a golden symlinked to /dev/zero", arguments: SnapshotRecordMode.allCases)
  func symlinkToDevZero(mode: SnapshotRecordMode) throws {
    let sandbox = try SnapshotSandbox()
    defer { sandbox.remove() }
    let name = "symlinkToDevZero_mode__"
    try FileManager.default.createSymbolicLink(
      atPath: sandbox.url("\(name).\(mode.rawValue).txt").path, withDestinationPath: "/dev/zero")
    let captured = captureSnapshotIssues {
      assertSnapshot(of: "frame", named: mode.rawValue, record: mode, snapshotDirectory: sandbox.path)
    }
    captured.expectSingleFailure(
      "Snapshot \(sandbox.url("\(name).\(mode.rawValue).txt").path) is not a regular file (a symbolic link to "
        + "/dev/zero, a character device); make it a text file, or delete it and re-record with: "
        + "SNAPSHOT_TESTING_RECORD=missing swift test --filter \(name)", thrown: false)
  }

  @Test("a directory where the golden should be")
  func directory() throws {
    let sandbox = try SnapshotSandbox()
    defer { sandbox.remove() }
    try FileManager.default.createDirectory(at: sandbox.url("directory.txt"), withIntermediateDirectories: false)
    let captured = captureSnapshotIssues {
      assertSnapshot(of: "frame", record: .missing, snapshotDirectory: sandbox.path)
    }
    captured.expectSingleFailure(
      "Snapshot \(sandbox.url("directory.txt").path) is not a regular file (a directory); make it a text file, "
        + "or delete it and re-record with: SNAPSHOT_TESTING_RECORD=missing swift test --filter directory",
      thrown: false)
  }

  @Test("a symbolic link to a regular file is read through")
  func symlinkToAFile() throws {
    let sandbox = try SnapshotSandbox()
    defer { sandbox.remove() }
    try sandbox.write("frame\n", to: "target.txt")
    try FileManager.default.createSymbolicLink(
      atPath: sandbox.url("symlinkToAFile.txt").path, withDestinationPath: sandbox.url("target.txt").path)
    let captured = captureSnapshotIssues {
      assertSnapshot(of: "frame", record: .never, snapshotDirectory: sandbox.path)
    }
    #expect(captured.issues.isEmpty)
  }
}
