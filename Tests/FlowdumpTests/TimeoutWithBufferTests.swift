import Testing

/// `--timeout` ends a flow that would run for hours whatever `--buffer` says. It used to be ignored
/// with a buffer as large as the flow (a batch was as large as the buffer, and cancellation was
/// seen only between batches), then the run died out of memory. How late the timeout fires is a
/// speed figure, measured outside the suite (see the issue's closing note); here: it fires.
@Suite("--timeout with any --buffer")
struct TimeoutWithBufferTests {
  @Test(
    "dump range 2147483647 --timeout 0.5 ends with exit 124 and a timeout line",
    arguments: [
      "rendezvous", "1", "4096", "1048576", "unbounded", "conflated",
    ])
  func timeoutEndsAnyBuffer(buffer: String) async throws {
    let result = try await Flowdump.run(
      ["dump", "range", "2147483647", "--timeout", "0.5", "--buffer", buffer, "--format", "jsonl"],
      timeout: .seconds(60))
    #expect(!result.signalled, "killed by signal \(result.exitCode): \(result.stderr)")
    #expect(result.exitCode == 124)
    #expect(result.stdoutLines.last?.hasPrefix(#"{"event":"timeout","seconds":0.5,"items":"#) == true)
    #expect(result.stderrLines == ["flowdump: range did not end within 0.5s"])
  }
}
