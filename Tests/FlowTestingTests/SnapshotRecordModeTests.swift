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

  @Test("SNAPSHOT_TESTING_RECORD names the mode; unset or empty, CI decides")
  func fromAnEnvironment() throws {
    #expect(try SnapshotRecordMode(environment: ["SNAPSHOT_TESTING_RECORD": "failed", "CI": "1"]) == .failed)
    #expect(try SnapshotRecordMode(environment: ["SNAPSHOT_TESTING_RECORD": "", "CI": "true"]) == .never)
    #expect(try SnapshotRecordMode(environment: ["CI": "false"]) == .missing)
    #expect(try SnapshotRecordMode(environment: [:]) == .missing)
  }

  @Test("a value that is no mode (ALL) fails, naming the valid ones", arguments: ["ALL", "al", "true", " all"])
  func unknownValue(value: String) {
    #expect(throws: SnapshotRecordMode.UnknownValue(value: value)) {
      try SnapshotRecordMode(environment: ["SNAPSHOT_TESTING_RECORD": value])
    }
    #expect(
      SnapshotRecordMode.UnknownValue(value: value).description
        == "SNAPSHOT_TESTING_RECORD=\(value) is not a record mode; set it to one of all, missing, failed, never "
        + "(lower case), or unset it for the default (missing; never when CI is set)")
  }
}
