import Foundation

/// When ``assertSnapshot(of:named:record:snapshotDirectory:fileID:filePath:function:line:column:)``
/// writes the reference file instead of only comparing.
public enum SnapshotRecordMode: String, Sendable, CaseIterable {
  /// Write every snapshot (and say so); nothing is compared.
  case all
  /// Write snapshots that have no reference yet; compare the others. The default, except on CI.
  case missing
  /// Compare; on a mismatch, overwrite the reference (and still fail, so the change is seen).
  case failed
  /// Only compare: a missing reference fails. The default when the `CI` environment variable is set.
  case never

  /// The mode from `SNAPSHOT_TESTING_RECORD`, else `never` on CI, else `missing`.
  public static var current: SnapshotRecordMode {
    let environment = ProcessInfo.processInfo.environment
    if let value = environment["SNAPSHOT_TESTING_RECORD"], let mode = SnapshotRecordMode(rawValue: value) {
      return mode
    }
    return environment["CI"].map { !$0.isEmpty && $0 != "0" && $0 != "false" } == true ? .never : .missing
  }
}
