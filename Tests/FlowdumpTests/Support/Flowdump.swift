import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// How one run of the built `flowdump` binary ended.
struct RunResult: Sendable, CustomTestStringConvertible {
  var arguments: [String]
  var stdout: String
  var stderr: String
  /// The exit status, or the signal number when `signalled`.
  var exitCode: Int32
  /// Killed by a signal (a crash, or the hang guard's SIGKILL) rather than exiting.
  var signalled: Bool
  /// The hang guard fired: the run had not finished (exit and EOF on both pipes) by the timeout.
  var timedOut: Bool
  /// Wall-clock time from launch to exit.
  var elapsed: Duration

  /// Short, for expectation failures (the full output is in the golden diff or the message).
  var testDescription: String {
    "flowdump \(arguments.joined(separator: " ")) → "
      + (signalled ? "signal \(exitCode)" : "exit \(exitCode)") + (timedOut ? " (hang guard)" : "")
  }

  var stdoutLines: [String] { Self.lines(stdout) }
  var stderrLines: [String] { Self.lines(stderr) }

  private static func lines(_ text: String) -> [String] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
  }
}

/// Runs the built `flowdump` executable in a child process: end-to-end, never in-process.
enum Flowdump {
  /// The built executable: `swift build` puts it beside the test bundle, in `<scratch>/debug/`.
  static let binary: Result<URL, BinaryNotFound> = locateBinary()

  struct BinaryNotFound: Error, CustomStringConvertible {
    let tried: [String]
    var description: String {
      "the flowdump executable was not found next to the test bundle; tried:\n  "
        + tried.joined(separator: "\n  ")
        + "\nBuild it first (`swift build --build-tests`), or set FLOWDUMP_BINARY to its path."
    }
  }

  /// Runs `flowdump arguments…` to the end; kills it (and records an issue) after `timeout`.
  /// `currentDirectory`: where it runs (so that file arguments, and goldens, can be relative).
  /// `shell`: a `/bin/sh` command run first in the tool's own process, which then execs the tool, e.g.
  /// `ulimit -d 262144` (a heap limit: a run needing more fails instead of passing unnoticed) or
  /// `exec >/dev/full` (stdout on a full disk).
  static func run(
    _ arguments: [String], stdin: String? = nil, timeout: Duration = .seconds(30), currentDirectory: URL? = nil,
    shell: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> RunResult {
    let process = try FlowdumpProcess(
      arguments, stdin: stdin, timeout: timeout, currentDirectory: currentDirectory, shell: shell)
    return await process.finish(sourceLocation: sourceLocation)
  }

  private static func locateBinary() -> Result<URL, BinaryNotFound> {
    var directories: [URL] = []
    if let override = ProcessInfo.processInfo.environment["FLOWDUMP_BINARY"] {
      let url = URL(fileURLWithPath: override)
      if FileManager.default.isExecutableFile(atPath: url.path) { return .success(url) }
      return .failure(BinaryNotFound(tried: ["FLOWDUMP_BINARY=\(override)"]))
    }
    // XCTest and Swift Testing both run inside `<Package>PackageTests.xctest`, an executable on
    // Linux, in the products directory. /proc/self/exe is the most direct way to find it.
    if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
      directories.append(URL(fileURLWithPath: exe).deletingLastPathComponent())
    }
    if let url = Bundle.main.executableURL {
      directories.append(url.resolvingSymlinksInPath().deletingLastPathComponent())
    }
    if let first = CommandLine.arguments.first {
      directories.append(URL(fileURLWithPath: first).resolvingSymlinksInPath().deletingLastPathComponent())
    }
    let candidates = directories.map { $0.appendingPathComponent("flowdump") }
    if let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) {
      return .success(found)
    }
    return .failure(BinaryNotFound(tried: candidates.map(\.path)))
  }
}

/// A running `flowdump`: its stdout can be read line by line while it runs, it can be sent
/// signals, and it is killed by a hang guard after `timeout`.
final class FlowdumpProcess: Sendable {
  let arguments: [String]
  private let process: UncheckedProcess
  private let started = ContinuousClock.now
  private let stdoutReader: PipeReader
  private let stderrReader: PipeReader
  private let exited: AsyncStream<Void>
  private let guardTask: Task<Void, Never>
  private let hangGuardFired = Flag()
  private let timeout: Duration
  /// After the hang guard's SIGKILL, how long to wait for the exit and the end of output.
  private static let grace: Duration = .seconds(5)

  /// `closeStdoutAfterLines`: close the read end of stdout once that many lines were read, as
  /// `flowdump … | head -n N` does.
  init(
    _ arguments: [String], stdin: String? = nil, timeout: Duration = .seconds(30), closeStdoutAfterLines: Int? = nil,
    currentDirectory: URL? = nil, shell: String? = nil
  ) throws {
    let binary = try Flowdump.binary.get()
    self.arguments = arguments
    self.timeout = timeout
    let process = Process()
    if let shell {
      // The shell runs `shell`, then execs the tool (same process): signals and exit status are its own.
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments = ["-c", "\(shell) && exec \"$0\" \"$@\"", binary.path] + arguments
    } else {
      process.executableURL = binary
      process.arguments = arguments
    }
    if let currentDirectory { process.currentDirectoryURL = currentDirectory }
    // No out-of-process crash backtracer: it inherits the pipes and can outlive the crashed tool
    // (it hung for minutes under ASan), keeping the child unreaped and the pipes open. A crash is
    // still seen: the exit by signal and the "Fatal error" line.
    var environment = ProcessInfo.processInfo.environment
    environment["SWIFT_BACKTRACE"] = "enable=no"
    process.environment = environment
    let stdoutPipe = Pipe()
    let stderrPipe = Pipe()
    process.standardOutput = stdoutPipe
    process.standardError = stderrPipe
    let stdinPipe = stdin.map { _ in Pipe() }
    process.standardInput = stdinPipe ?? FileHandle.nullDevice
    let (exited, continuation) = AsyncStream<Void>.makeStream()
    self.exited = exited
    process.terminationHandler = { _ in continuation.finish() }
    let launched = UncheckedProcess(process: process)
    try onFreshThread { try launched.process.run() }
    if let stdin, let stdinPipe {
      // Small inputs only: written before reading, so they must fit the pipe buffer.
      try stdinPipe.fileHandleForWriting.write(contentsOf: Data(stdin.utf8))
      try stdinPipe.fileHandleForWriting.close()
    }
    // The parent's copies of the child's pipe ends must be closed, or a closed stdout is never
    // noticed by the child and EOF never reaches the readers.
    try? stdoutPipe.fileHandleForWriting.close()
    try? stderrPipe.fileHandleForWriting.close()
    self.process = UncheckedProcess(process: process)
    stdoutReader = PipeReader(stdoutPipe.fileHandleForReading, closeAfterLines: closeStdoutAfterLines)
    stderrReader = PipeReader(stderrPipe.fileHandleForReading, closeAfterLines: nil)
    let pid = process.processIdentifier
    let (fired, box, readers) = (hangGuardFired, self.process, [stdoutReader, stderrReader])
    guardTask = Task {
      // The hang guard: a deadline, not synchronisation. Cancelled once the run is over.
      try? await Task.sleep(for: timeout)
      guard !Task.isCancelled else { return }
      fired.set()
      if box.process.isRunning { kill(pid, SIGKILL) }
      // Whatever still holds on (an unreaped child, a grandchild keeping the pipes open): give up.
      try? await Task.sleep(for: Self.grace)
      guard !Task.isCancelled else { return }
      continuation.finish()
      for reader in readers { reader.forceEnd() }
    }
  }

  /// Waits until stdout has a complete line satisfying `predicate` (or ended), and returns the
  /// lines read so far.
  func waitForStdout(where predicate: @escaping @Sendable ([String]) -> Bool) async -> [String] {
    await stdoutReader.wait(until: predicate)
  }

  func send(_ signal: Int32) {
    kill(process.process.processIdentifier, signal)
  }

  /// Waits for the process to exit (at most until the hang guard kills it) and for its output.
  func finish(sourceLocation: SourceLocation = #_sourceLocation) async -> RunResult {
    for await _ in exited {}
    let elapsed = ContinuousClock.now - started
    _ = await stdoutReader.wait { _ in false }
    _ = await stderrReader.wait { _ in false }
    guardTask.cancel()
    let process = process.process
    let running = process.isRunning
    // Returns at once for an exited process, and breaks Foundation's Process ↔ run-loop-source
    // retain cycle on Linux (without it every Process leaks, and LeakSanitizer fails the run).
    if !running { try? onFreshThread { [self] in self.process.process.waitUntilExit() } }
    let result = RunResult(
      arguments: arguments,
      stdout: stdoutReader.text, stderr: stderrReader.text,
      exitCode: running ? -1 : process.terminationStatus,
      signalled: !running && process.terminationReason == .uncaughtSignal,
      timedOut: hangGuardFired.isSet, elapsed: elapsed)
    if result.timedOut {
      let command = "flowdump " + arguments.joined(separator: " ")
      Issue.record(
        running
          ? "\(command) did not exit within \(timeout), nor \(Self.grace) after SIGKILL: abandoned"
          : "\(command) did not finish within \(timeout) (exit, then EOF on stdout and stderr): killed",
        sourceLocation: sourceLocation)
    }
    return result
  }
}

/// Runs `body` on a thread of its own and waits for it (briefly: for `Process.run()` and
/// `waitUntilExit()` of an exited process). Both keep a weak reference to the calling thread's
/// RunLoop; a pool thread's RunLoop lives on with a weak-reference side table that LeakSanitizer
/// reports as leaked, while a thread that ends frees its RunLoop.
private func onFreshThread(_ body: @escaping @Sendable () throws -> Void) throws {
  let done = DispatchSemaphore(value: 0)
  let outcome = Locked<Result<Void, any Error>?>(nil)
  let thread = Thread {
    let result = Result { try body() }
    outcome.withLock { $0 = result }
    done.signal()
  }
  thread.start()
  done.wait()
  try outcome.withLock { $0 }?.get()
}

/// Set once by the hang guard.
private final class Flag: Sendable {
  private let value = Locked(false)
  var isSet: Bool { value.withLock { $0 } }
  func set() { value.withLock { $0 = true } }
}

/// A value behind a pthread mutex (NSLock). Not `Synchronization.Mutex`: ThreadSanitizer on Linux
/// does not see its contended path and reports false races (CI runs this suite under TSan).
private final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) { self.value = value }

  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}

/// `Process` is thread-safe for what is used here (reading its state after launch, signalling it).
private struct UncheckedProcess: @unchecked Sendable {
  let process: Process
}

/// Reads one pipe on its own thread until EOF (or until `closeAfterLines` lines were read, then
/// closes it), and wakes whoever waits for a line.
private final class PipeReader: Sendable {
  private struct State {
    var data = Data()
    var ended = false
    var waiters: [(predicate: @Sendable ([String]) -> Bool, continuation: CheckedContinuation<[String], Never>)] = []
  }

  private let state = Locked(State())

  init(_ handle: FileHandle, closeAfterLines: Int?) {
    let handle = UncheckedFileHandle(handle: handle)
    let thread = Thread { [self] in
      let descriptor = handle.handle.fileDescriptor
      var buffer = [UInt8](repeating: 0, count: 65_536)
      while true {
        var count: Int
        repeat {
          count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        } while count < 0 && errno == EINTR
        let chunk = count > 0 ? Data(buffer[..<count]) : Data()
        let lines = append(chunk)
        if chunk.isEmpty { break }
        if let closeAfterLines, lines >= closeAfterLines {
          try? handle.handle.close()
          markEnded()
          return
        }
      }
      try? handle.handle.close()
    }
    thread.start()
  }

  /// Everything read, as UTF-8 (invalid bytes replaced).
  var text: String { String(decoding: state.withLock { $0.data }, as: UTF8.self) }

  /// Returns the complete lines once `predicate` holds for them or the pipe ended.
  func wait(until predicate: @escaping @Sendable ([String]) -> Bool) async -> [String] {
    await withCheckedContinuation { continuation in
      let ready: [String]? = state.withLock { state in
        let lines = Self.completeLines(state.data)
        if state.ended || predicate(lines) { return lines }
        state.waiters.append((predicate, continuation))
        return nil
      }
      if let ready { continuation.resume(returning: ready) }
    }
  }

  /// Appends a chunk (empty: EOF), wakes satisfied waiters; returns the complete line count.
  private func append(_ chunk: Data) -> Int {
    let (woken, count) = state.withLock { state in
      if chunk.isEmpty { state.ended = true } else { state.data.append(chunk) }
      let lines = Self.completeLines(state.data)
      var woken: [(CheckedContinuation<[String], Never>, [String])] = []
      state.waiters.removeAll { waiter in
        guard state.ended || waiter.predicate(lines) else { return false }
        woken.append((waiter.continuation, lines))
        return true
      }
      return (woken, lines.count)
    }
    for (continuation, lines) in woken { continuation.resume(returning: lines) }
    return count
  }

  private func markEnded() { _ = append(Data()) }

  /// Ends the waits now (the hang guard gave up on the pipe).
  func forceEnd() { markEnded() }

  private static func completeLines(_ data: Data) -> [String] {
    guard let end = data.lastIndex(of: UInt8(ascii: "\n")) else { return [] }
    return String(decoding: data[..<end], as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init)
  }
}

// FileHandle is thread-safe for these reads and closes (Foundation locks internally).
private struct UncheckedFileHandle: @unchecked Sendable {
  let handle: FileHandle
}
