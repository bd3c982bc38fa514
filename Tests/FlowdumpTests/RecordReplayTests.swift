import Foundation
import Testing

/// A fixture run to record and replay: its arguments after `dump`, and options given to both runs.
struct RecordedRun: Sendable, CustomTestStringConvertible {
  let flow: [String]
  let options: [String]

  init(_ flow: [String], _ options: [String] = []) {
    self.flow = flow
    self.options = options
  }

  var testDescription: String { (flow + options).joined(separator: " ") }
}

/// Every kind of end (complete, a Kotlin exception, cut by --take), delays on the virtual clock, the
/// module's object values (printed by name, recorded with their text), strings, lists, null and Unit,
/// and buffer policies.
private let recordedRuns: [RecordedRun] = [
  RecordedRun(["elements"]), RecordedRun(["failing"]), RecordedRun(["discarding"]), RecordedRun(["noElements"]),
  RecordedRun(["ticks", "1000", "3"]), RecordedRun(["ticks", "250", "4"], ["--buffer", "unbounded"]),
  RecordedRun(["strings", "3"]), RecordedRun(["words"]), RecordedRun(["greetings"]), RecordedRun(["lists"]),
  RecordedRun(["units"]), RecordedRun(["nullableElements"]), RecordedRun(["unsigned"]), RecordedRun(["range", "5"]),
  RecordedRun(["elements"], ["--take", "2"]), RecordedRun(["store.state"], ["--take", "1"]),
  RecordedRun(["range", "50"], ["--buffer", "8"]),
]

@Suite("dump --record, then dump script: the captured run replays identically")
struct RecordReplayTests {
  /// Text output's first line names what was dumped (`ticks 1000 3: …` vs `script rec.jsonl: …`);
  /// every other line, jsonl output entirely, and the exit code must be the same.
  @Test("record then replay: same items, times and end, in text and jsonl", arguments: recordedRuns)
  func replaysIdentically(_ run: RecordedRun) async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    for format in ["jsonl", "text"] {
      let options = run.options + ["--format", format, "--virtual-time"]
      let original = try await Flowdump.run(
        ["dump"] + run.flow + options + ["--record", "rec.jsonl"], currentDirectory: directory)
      let replay = try await Flowdump.run(["dump", "script", "rec.jsonl"] + options, currentDirectory: directory)
      #expect(!original.signalled && !replay.signalled)
      #expect(replay.exitCode == original.exitCode, "\(format): exit code")
      #expect(original.stdoutLines.count >= 1)
      if format == "jsonl" {
        #expect(replay.stdout == original.stdout, "jsonl output differs")
      } else {
        #expect(
          Array(replay.stdoutLines.dropFirst()) == Array(original.stdoutLines.dropFirst()), "text output differs")
        #expect(replay.stdoutLines.first?.hasPrefix("script rec.jsonl: ") == true)
      }
      // Recording the replay gives the same script: only the header's recordedFrom differs.
      let again = try await Flowdump.run(
        ["dump", "script", "rec.jsonl"] + options + ["--record", "again.jsonl"], currentDirectory: directory)
      #expect(again.exitCode == original.exitCode)
      let first = try String(contentsOf: directory.appendingPathComponent("rec.jsonl"), encoding: .utf8)
      let second = try String(contentsOf: directory.appendingPathComponent("again.jsonl"), encoding: .utf8)
      #expect(Array(second.split(separator: "\n").dropFirst()) == Array(first.split(separator: "\n").dropFirst()))
    }
  }

  @Test("what a virtual-time recording holds: the type, the delays between items, the end")
  func recordingContents() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try await Flowdump.run(
      ["dump", "ticks", "1000", "2", "--virtual-time", "--record", "ticks.jsonl"], currentDirectory: directory)
    #expect(result.exitCode == 0)
    let recording = try String(contentsOf: directory.appendingPathComponent("ticks.jsonl"), encoding: .utf8)
    #expect(
      recording == """
        {"flowScript":1,"type":"Flow<Long>","recordedFrom":"ticks 1000 2","clock":"virtual"}
        {"step":"delay","millis":1000}
        {"step":"item","value":0}
        {"step":"delay","millis":1000}
        {"step":"item","value":1}
        {"step":"complete"}

        """)
  }

  /// Under the real clock a recording holds the measured gaps (whole milliseconds, rounded down):
  /// never shorter than the flow's own delays, since a delay never ends early. No upper bound: the
  /// machine may be slow.
  @Test("a real-clock recording holds measured gaps, at least the flow's delays less the clock's 1 ms")
  func realClockRecording() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try await Flowdump.run(
      ["dump", "ticks", "20", "3", "--record", "real.jsonl"], currentDirectory: directory)
    #expect(result.exitCode == 0)
    let lines = try String(contentsOf: directory.appendingPathComponent("real.jsonl"), encoding: .utf8)
      .split(separator: "\n").map(String.init)
    #expect(lines.first == #"{"flowScript":1,"type":"Flow<Long>","recordedFrom":"ticks 20 3","clock":"real"}"#)
    let items = lines.filter { $0.hasPrefix(#"{"step":"item""#) }
    #expect(items == [#"{"step":"item","value":0}"#, #"{"step":"item","value":1}"#, #"{"step":"item","value":2}"#])
    #expect(lines.last == #"{"step":"complete"}"#)
    // Before each item, the gap since the previous one.
    for index in 1..<lines.count - 1 where lines[index].hasPrefix(#"{"step":"item""#) {
      let gap = lines[index - 1]
      #expect(gap.hasPrefix(#"{"step":"delay","millis":"#), "no delay before \(lines[index])")
      let millis = Int(gap.dropFirst(#"{"step":"delay","millis":"#.count).dropLast()) ?? -1
      #expect(millis >= 19, "gap \(millis) ms before \(lines[index])")
    }
  }

  private func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("flowdump-record-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}
