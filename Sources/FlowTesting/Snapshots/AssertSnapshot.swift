import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Compares `value` with the golden file `__Snapshots__/<TestFile>/<testName>[.<name>].txt` beside
/// the test file, recording it when the record mode says so.
///
/// Line endings (`\r\n`) and a missing final newline never cause a mismatch. On a mismatch the
/// failure shows a unified diff (trailing whitespace made visible; at most 400 lines, each cut at
/// 1 000 characters, saying what was left out), the actual text is written next to the reference as
/// `<name>.actual.txt`, and the message gives the command that re-records.
///
/// ```swift
/// @Test func counterFrames() {
///   assertSnapshot(of: "VStack\n  Text \"0\"")
///   assertSnapshot(of: frames.joined(separator: "\n---\n"), named: "all")
/// }
/// ```
/// - Parameters:
///   - value: the text to compare.
///   - name: distinguishes several snapshots in one test; required in parameterised tests.
///   - record: overrides ``SnapshotRecordMode/current``.
///   - snapshotDirectory: the directory holding this test file's snapshots, for when sources moved.
public func assertSnapshot(
  of value: String,
  named name: String? = nil,
  record: SnapshotRecordMode? = nil,
  snapshotDirectory: String? = nil,
  fileID: String = #fileID,
  filePath: String = #filePath,
  function: String = #function,
  line: Int = #line,
  column: Int = #column
) {
  let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  if name == nil, Test.Case.current?.isParameterized == true {
    FailureReporter.fail(
      "assertSnapshot in a parameterised test needs `named:` (for example the argument) so that each case has "
        + "its own file instead of colliding on a counter", at: location)
    return
  }
  let paths = SnapshotLocation.make(
    filePath: filePath, function: function, name: name, snapshotDirectory: snapshotDirectory)
  let mode: SnapshotRecordMode
  if let record {
    mode = record
  } else {
    do throws(SnapshotRecordMode.UnknownValue) {
      mode = try SnapshotRecordMode(environment: ProcessInfo.processInfo.environment)
    } catch {
      FailureReporter.fail(error.description, at: location)
      return
    }
  }
  let actual = normalize(value)
  let fileManager = FileManager.default

  func write(_ text: String, to url: URL) -> Bool {
    do {
      try fileManager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data((text + "\n").utf8).write(to: url)
      return true
    } catch {
      FailureReporter.fail("Could not write snapshot \(url.path): \(error)", at: location)
      return false
    }
  }

  if let kind = nonRegularFileKind(at: paths.referenceURL) {
    // Reading a device could block or never end, and writing to it records nothing.
    FailureReporter.fail(
      "Snapshot \(paths.referenceURL.path) is not a regular file (\(kind)); make it a text file, or delete it and "
        + "re-record with: " + rerecordCommand(paths, mode: .missing), at: location)
    return
  }
  if mode == .all {
    if write(actual, to: paths.referenceURL) {
      FailureReporter.note("Recorded snapshot \(paths.referenceURL.path) (record mode: all)", at: location)
    }
    return
  }
  guard let data = fileManager.contents(atPath: paths.referenceURL.path) else {
    if mode == .missing {
      if write(actual, to: paths.referenceURL) {
        FailureReporter.note("Recorded new snapshot \(paths.referenceURL.path)", at: location)
      }
    } else {
      FailureReporter.fail(
        "No reference snapshot at \(paths.referenceURL.path) (record mode: \(mode.rawValue)). Record it with: "
          + rerecordCommand(paths, mode: .missing), at: location)
    }
    return
  }
  guard let referenceText = String(data: data, encoding: .utf8) else {
    FailureReporter.fail(
      "Snapshot \(paths.referenceURL.path) is not valid UTF-8; delete it and re-record with: "
        + rerecordCommand(paths, mode: .missing), at: location)
    return
  }
  let reference = normalize(referenceText)
  if reference == actual {
    try? fileManager.removeItem(at: paths.actualURL)  // a stale artifact from an earlier failure
    return
  }
  let diff = UnifiedDiff.make(reference: lines(reference), actual: lines(actual))
  var message = "Snapshot \(paths.referenceURL.lastPathComponent) does not match:\n\(diff.text)\n"
  if diff.omittedLines > 0 {
    message += "… \(diff.omittedLines) more \(diff.omittedLines == 1 ? "line" : "lines") of the diff not shown\n"
  }
  if write(actual, to: paths.actualURL) {
    message += "Actual output written to \(paths.actualURL.path)\n"
    if diff.omittedLines > 0 {
      message += "See the whole diff with: diff -u '\(paths.referenceURL.path)' '\(paths.actualURL.path)'\n"
    }
  }
  if mode == .failed, write(actual, to: paths.referenceURL) {
    message += "Re-recorded the reference (record mode: failed); run the test again to verify."
  } else {
    message += "If the change is intended, re-record with: " + rerecordCommand(paths, mode: .failed)
  }
  FailureReporter.fail(message, at: location)
}

/// What the file at `url` is when it exists but is not a regular file (following symbolic links):
/// "a character device", "a directory", … ; nil when it is a regular file or does not exist.
private func nonRegularFileKind(at url: URL) -> String? {
  var info = stat()
  guard stat(url.path, &info) == 0 else { return nil }
  let kind: String
  switch info.st_mode & S_IFMT {
  case S_IFREG: return nil
  case S_IFDIR: kind = "a directory"
  case S_IFCHR: kind = "a character device"
  case S_IFBLK: kind = "a block device"
  case S_IFIFO: kind = "a named pipe"
  case S_IFSOCK: kind = "a socket"
  default: kind = "not a file"
  }
  let resolved = url.resolvingSymlinksInPath().path
  return resolved == url.path ? kind : "a symbolic link to \(resolved), \(kind)"
}

/// `\r\n` and `\r` become `\n`; trailing newlines are dropped. Text without `\r` (the usual case)
/// skips Foundation's replacing, which copies a large golden to UTF-16 several times over.
private func normalize(_ text: String) -> String {
  var result = text
  if text.utf8.contains(UInt8(ascii: "\r")) {
    result = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
  }
  while result.hasSuffix("\n") { result.removeLast() }
  return result
}

/// The lines as slices of `text`, so a large golden is not copied line by line.
private func lines(_ text: String) -> [Substring] {
  text.split(separator: "\n", omittingEmptySubsequences: false)
}

private func rerecordCommand(_ paths: SnapshotLocation, mode: SnapshotRecordMode) -> String {
  "SNAPSHOT_TESTING_RECORD=\(mode.rawValue) swift test --filter \(paths.testName)"
}
