import Foundation
import Locking
import Testing

/// Where a snapshot lives: `__Snapshots__/<TestFileName>/<testName>[.<name>|.<n>].txt` beside the
/// test file, or under `SNAPSHOT_TESTING_DIRECTORY` / the `snapshotDirectory:` argument when the
/// sources moved since the test binary was built (the `#filePath` problem).
struct SnapshotLocation {
  let referenceURL: URL
  let actualURL: URL
  let testName: String

  /// Unnamed snapshots in one test are numbered 1, 2, … (the first has no suffix).
  private static let counters = Locked<[String: Int]>([:])

  static func make(
    filePath: String, function: String, name: String?, snapshotDirectory: String?
  ) -> SnapshotLocation {
    let fileURL = URL(fileURLWithPath: filePath)
    let fileStem = fileURL.deletingPathExtension().lastPathComponent
    let baseDirectory: URL
    if let snapshotDirectory {
      baseDirectory = URL(fileURLWithPath: snapshotDirectory)
    } else if let overridden = ProcessInfo.processInfo.environment["SNAPSHOT_TESTING_DIRECTORY"] {
      baseDirectory = URL(fileURLWithPath: overridden).appendingPathComponent(fileStem)
    } else {
      baseDirectory = fileURL.deletingLastPathComponent().appendingPathComponent("__Snapshots__")
        .appendingPathComponent(fileStem)
    }
    let testName = sanitize(function)
    let suffix: String
    if let name {
      suffix = "." + sanitize(name)
    } else {
      let key = baseDirectory.path + "/" + testName
      let count = counters.withLock { counters in
        counters[key, default: 0] += 1
        return counters[key]!
      }
      suffix = count == 1 ? "" : ".\(count)"
    }
    let base = baseDirectory.appendingPathComponent(testName + suffix)
    return SnapshotLocation(
      referenceURL: base.appendingPathExtension("txt"),
      actualURL: base.appendingPathExtension("actual").appendingPathExtension("txt"),
      testName: testName)
  }

  /// `counterFrames()` → `counterFrames`; `render(scenario:)` → `render_scenario__` (each character
  /// that is not a letter, digit, `-` or `_` becomes `_`).
  static func sanitize(_ text: String) -> String {
    var name = text
    if name.hasSuffix("()") { name.removeLast(2) }
    let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-_"))
    return String(name.unicodeScalars.map { allowed.contains($0) ? Character($0) : "_" })
  }
}
