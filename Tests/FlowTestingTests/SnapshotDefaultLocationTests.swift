import FlowTesting
import Foundation
import Testing

/// Without `snapshotDirectory:`, references live beside the test file:
/// `__Snapshots__/<TestFile>/<testName>[.<name>].txt`. (Checked through the path a missing reference
/// reports, so that no golden file has to sit in the test target, where SwiftPM would warn about it.)
@Suite(
  "Snapshots: the default location beside the test file",
  .enabled(
    if: ProcessInfo.processInfo.environment["SNAPSHOT_TESTING_DIRECTORY"] == nil,
    "SNAPSHOT_TESTING_DIRECTORY moves the references elsewhere"))
struct SnapshotDefaultLocationTests {
  private static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("__Snapshots__").appendingPathComponent("SnapshotDefaultLocationTests")

  @Test("__Snapshots__/<TestFile>/<testName>.txt beside the test file")
  func unnamedLocation() {
    let expected = Self.directory.appendingPathComponent("unnamedLocation.txt")
    let captured = captureSnapshotIssues {
      assertSnapshot(of: "x", record: .never)
    }
    captured.expectSingleFailure(
      "No reference snapshot at \(expected.path) (record mode: never). Record it with: "
        + "SNAPSHOT_TESTING_RECORD=missing swift test --filter unnamedLocation", thrown: false)
    #expect(!FileManager.default.fileExists(atPath: expected.path))
  }

  @Test("__Snapshots__/<TestFile>/<testName>.<name>.txt for a named snapshot")
  func namedLocation() {
    let expected = Self.directory.appendingPathComponent("namedLocation.events.txt")
    let captured = captureSnapshotIssues {
      assertSnapshot(of: "x", named: "events", record: .never)
    }
    captured.expectSingleFailure(
      "No reference snapshot at \(expected.path) (record mode: never). Record it with: "
        + "SNAPSHOT_TESTING_RECORD=missing swift test --filter namedLocation", thrown: false)
  }
}
