import FlowTesting
import Foundation
import Testing

/// The record mode when a test passes none: `SNAPSHOT_TESTING_RECORD` if it names a mode, else
/// `never` on CI (the `CI` variable set to anything but empty, `0` or `false`), else `missing`.
/// (The other snapshot tests pass `record:` so that the environment cannot change their results.)
@Suite("Snapshots: the default record mode")
struct SnapshotRecordModeTests {
  @Test("the four modes and their spellings")
  func modes() {
    #expect(SnapshotRecordMode.allCases.map(\.rawValue) == ["all", "missing", "failed", "never"])
  }

  @Test("current follows this process's environment")
  func currentFollowsTheEnvironment() {
    let environment = ProcessInfo.processInfo.environment
    let expected: SnapshotRecordMode
    if let explicit = environment["SNAPSHOT_TESTING_RECORD"].flatMap(SnapshotRecordMode.init(rawValue:)) {
      expected = explicit
    } else if let ci = environment["CI"], !["", "0", "false"].contains(ci) {
      expected = .never
    } else {
      expected = .missing
    }
    #expect(SnapshotRecordMode.current == expected)
  }
}
