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
  ///
  /// An unknown value (`ALL`, `al`) is not guessed at: `assertSnapshot` fails naming the valid ones
  /// (see ``init(environment:)``), and this property, which cannot fail, reads it as unset.
  public static var current: SnapshotRecordMode {
    let environment = ProcessInfo.processInfo.environment
    return (try? SnapshotRecordMode(environment: environment)) ?? defaultMode(environment)
  }

  /// The mode `environment` selects: `SNAPSHOT_TESTING_RECORD` when set (and not empty), else
  /// `never` when `CI` is set to anything but empty, `0` or `false`, else `missing`.
  ///
  /// - Throws: ``UnknownValue`` when `SNAPSHOT_TESTING_RECORD` names no mode. A typo must not
  ///   quietly compare instead of recording (or record instead of comparing).
  public init(environment: [String: String]) throws(UnknownValue) {
    guard let value = environment["SNAPSHOT_TESTING_RECORD"], !value.isEmpty else {
      self = Self.defaultMode(environment)
      return
    }
    guard let mode = SnapshotRecordMode(rawValue: value) else { throw UnknownValue(value: value) }
    self = mode
  }

  private static func defaultMode(_ environment: [String: String]) -> SnapshotRecordMode {
    environment["CI"].map { !$0.isEmpty && $0 != "0" && $0 != "false" } == true ? .never : .missing
  }

  /// `SNAPSHOT_TESTING_RECORD` is set to something that is not a record mode.
  public struct UnknownValue: Error, Equatable, CustomStringConvertible, Sendable {
    /// The value as set.
    public let value: String

    public init(value: String) { self.value = value }

    public var description: String {
      "SNAPSHOT_TESTING_RECORD=\(value) is not a record mode; set it to one of "
        + SnapshotRecordMode.allCases.map(\.rawValue).joined(separator: ", ")
        + " (lower case), or unset it for the default (missing; never when CI is set)"
    }
  }
}
