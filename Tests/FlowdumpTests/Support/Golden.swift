import Foundation
import Testing

/// Golden files: one per case in `__Goldens__/<name>.txt`, holding the command, the exit code,
/// stdout and stderr. Compared exactly; the only normalisation is a missing final newline of the
/// file. `FLOWDUMP_RECORD=1` (never on CI) writes them instead; read each one before committing.
enum Golden {
  static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("__Goldens__")

  static var isRecording: Bool { ProcessInfo.processInfo.environment["FLOWDUMP_RECORD"] == "1" }
  static var isCI: Bool { ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty && $0 != "0" } ?? false }

  /// The golden text of a run.
  static func render(_ result: RunResult) -> String {
    var text = "$ " + (["flowdump"] + result.arguments.map(shellQuoted)).joined(separator: " ") + "\n"
    text += result.signalled ? "--- killed by signal: \(result.exitCode)\n" : "--- exit: \(result.exitCode)\n"
    text += "--- stdout\n" + section(result.stdout, "stdout")
    text += "--- stderr\n" + section(result.stderr, "stderr")
    return text
  }

  /// Compares `result` with `__Goldens__/<name>.txt` (or writes it in record mode).
  static func assertMatches(
    _ result: RunResult, named name: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let actual = render(result)
    let file = directory.appendingPathComponent("\(name).txt")
    if isRecording {
      if isCI {
        Issue.record("FLOWDUMP_RECORD=1 is not allowed on CI", sourceLocation: sourceLocation)
        return
      }
      do {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(actual.utf8).write(to: file)
      } catch {
        Issue.record("could not write \(file.path): \(error)", sourceLocation: sourceLocation)
      }
      return
    }
    guard let data = FileManager.default.contents(atPath: file.path) else {
      Issue.record(
        "no golden file \(file.path); record it with FLOWDUMP_RECORD=1 and read it by eye.\nActual:\n\(actual)",
        sourceLocation: sourceLocation)
      return
    }
    var expected = String(decoding: data, as: UTF8.self)
    if !expected.hasSuffix("\n") { expected += "\n" }
    if expected != actual {
      let message =
        "\(name): output differs from \(file.lastPathComponent) \(firstDifference(expected, actual))"
        + "\n--- expected\n\(expected)--- actual\n\(actual)"
      Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }
  }

  /// How `result` differs from its golden (the first differing line), or nil when it matches.
  static func difference(_ result: RunResult, named name: String) -> String? {
    let actual = render(result)
    let file = directory.appendingPathComponent("\(name).txt")
    guard let data = FileManager.default.contents(atPath: file.path) else { return "no golden file \(file.path)" }
    var expected = String(decoding: data, as: UTF8.self)
    if !expected.hasSuffix("\n") { expected += "\n" }
    return expected == actual ? nil : firstDifference(expected, actual)
  }

  /// A section's text, newline-terminated; a missing final newline is marked, not hidden.
  private static func section(_ text: String, _ name: String) -> String {
    if text.isEmpty || text.hasSuffix("\n") { return text }
    return text + "\n\\ no newline at end of \(name)\n"
  }

  private static func firstDifference(_ expected: String, _ actual: String) -> String {
    let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
    for index in 0..<max(expectedLines.count, actualLines.count) {
      let left = index < expectedLines.count ? String(expectedLines[index]) : "<none>"
      let right = index < actualLines.count ? String(actualLines[index]) : "<none>"
      if left != right { return "at line \(index + 1):\n  expected: \(left)\n  actual:   \(right)" }
    }
    return ""
  }

  static func shellQuoted(_ argument: String) -> String {
    let plain = argument.unicodeScalars.allSatisfy {
      CharacterSet.alphanumerics.contains($0) || "-_.=/:@%+,".unicodeScalars.contains($0)
    }
    if plain, !argument.isEmpty { return argument }
    return "'" + argument.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
  }
}
