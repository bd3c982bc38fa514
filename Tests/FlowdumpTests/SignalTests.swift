import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A signal that ends a dump, what it exits with and how the terminal line names it.
struct SignalCase: Sendable, CustomTestStringConvertible {
  let signal: Int32
  let name: String
  /// 128 + the signal's number, as the shell reports a process the signal ended.
  let exitCode: Int32
  /// The terminal line after one item.
  let terminal: String

  var testDescription: String { name }
}

private let signalCases: [SignalCase] = [
  SignalCase(signal: SIGINT, name: "SIGINT", exitCode: 130, terminal: "cancelled: interrupted after 1 item"),
  SignalCase(
    signal: SIGTERM, name: "SIGTERM", exitCode: 143, terminal: "cancelled: interrupted by SIGTERM after 1 item"),
  SignalCase(signal: SIGHUP, name: "SIGHUP", exitCode: 129, terminal: "cancelled: interrupted by SIGHUP after 1 item"),
  SignalCase(
    signal: SIGQUIT, name: "SIGQUIT", exitCode: 131, terminal: "cancelled: interrupted by SIGQUIT after 1 item"),
]

@Suite("Signals: SIGINT, SIGTERM, SIGHUP and SIGQUIT end a dump the same way, keeping the recording")
struct SignalTests {
  /// SIGTERM and SIGHUP used to end the process by their default action, leaving the recording
  /// empty (its lines were still buffered); SIGQUIT was ignored and the dump went on.
  @Test(
    "a signal after the first value: terminal line, exit 128 + the signal, the recording ended", arguments: signalCases)
  func signalEndsTheDump(_ signalCase: SignalCase) async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let process = try FlowdumpProcess(
      ["dump", "store.state", "--record", "rec.jsonl"], timeout: .seconds(20), currentDirectory: directory)
    // Synchronise on the output itself: the header, then the first value line.
    let lines = await process.waitForStdout { $0.count >= 2 }
    try #require(lines.count >= 2, "no value line before the end: \(lines)")
    process.send(signalCase.signal)
    let result = await process.finish()
    #expect(!result.signalled, "killed by signal \(result.exitCode) instead of exiting \(signalCase.exitCode)")
    #expect(result.exitCode == signalCase.exitCode)
    #expect(result.stdoutLines.count == 3, "header, one value, the terminal line:\n\(result.stdout)")
    #expect(result.stdoutLines.last == signalCase.terminal)
    #expect(result.stderr.isEmpty, "stderr: \(result.stderr)")
    let recording = try String(contentsOf: directory.appendingPathComponent("rec.jsonl"), encoding: .utf8)
    let steps = recording.split(separator: "\n").map(String.init)
    #expect(steps.first?.hasPrefix(#"{"flowScript":1,"type":"StateFlow<Int>""#) == true, "\(recording)")
    #expect(steps.contains(#"{"step":"item","value":0}"#), "\(recording)")
    #expect(steps.last == #"{"step":"awaitCancellation"}"#, "\(recording)")
  }

  /// nohup's promise. SIGHUP and then SIGINT are sent while both would be pending; a SIGHUP that was
  /// handled would end the run first (exit 129): the lower-numbered pending signal is delivered first.
  @Test("a SIGHUP ignored at start (nohup) stays ignored; SIGINT still ends the dump")
  func ignoredHangupStaysIgnored() async throws {
    let process = try FlowdumpProcess(["dump", "store.state"], timeout: .seconds(20), shell: "trap '' HUP")
    let lines = await process.waitForStdout { $0.count >= 2 }
    try #require(lines.count >= 2, "no value line before the end: \(lines)")
    process.send(SIGHUP)
    process.send(SIGINT)
    let result = await process.finish()
    #expect(!result.signalled, "killed by signal \(result.exitCode)")
    #expect(result.exitCode == 130)
    #expect(result.stdoutLines.last == "cancelled: interrupted after 1 item")
  }

  private func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("flowdump-signal-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}
