import KotlinFixtures
import KotlinTestDoubles
import Locking

#if canImport(Glibc)
  import Glibc
#endif

/// `dump … --record FILE`: writes what the collector received as a flow script (KotlinTestDoubles'
/// JSONL format), so that `dump script FILE` with the same options prints the same lines.
///
/// - Items: the value's JSON, and its text when flowdump prints it otherwise (an `Elem`, `Unit`).
/// - Delays: the time between items, and between the last item and the end. Under `--virtual-time`
///   it is the virtual clock's, exact; under the real clock it is the measured wall-clock gap in whole
///   milliseconds (rounded down; gaps under 1 ms are left out), which also counts the time taken to
///   print, so a replay keeps the pace only roughly. The header's `clock` says which.
/// - The end: `complete`, `error` (class and message) or `cancelled` as the flow ended; a run cut
///   short (`--take`, `--timeout`, Ctrl-C, a closed stdout) ends with `awaitCancellation`, because the
///   flow had not ended: the replay then waits to be cut in the same way.
///
/// Lines are written as the run goes (buffered), so a recording is as long as the run; a run that
/// stops without an end (a crash) leaves a file that scripts refuse as truncated.
final class ScriptRecorder: Sendable {
  let path: String
  private let descriptor: Int32
  private let startedAt = ContinuousClock.now
  private let state = Locked(State())

  private struct State {
    var buffer: [UInt8] = []
    var lastMillis: Int64 = 0
    var virtualStart: Int64?
    var failure: String?
  }

  /// Why the recording could not be written: the path and the system's reason.
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// Creates (or truncates) `path` and writes the header.
  init(path: String, header: FlowScript.Header) throws(Failure) {
    self.path = path
    descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw Failure(description: "cannot create the recording '\(path)': \(String(cString: strerror(errno)))")
    }
    append(header.jsonLine)
  }

  deinit { if descriptor >= 0 { close(descriptor) } }

  /// `source`, recording each value as the collector receives it. `scope`: the virtual clock's scope,
  /// or nil under the real clock.
  func wrap(_ source: DumpSource, scope: KotlinRuntimeScope?) -> DumpSource {
    state.withLock { $0.virtualStart = scope?.currentTimeMillis }
    return DumpSource(collect: { policy, onValue in
      try await source.collect(policy) { value in
        self.record(value, scope: scope)
        return try await onValue(value)
      }
    })
  }

  /// How a run's collection ended, as the script's end (see the type's documentation).
  static func end(for result: Result<Void, any Error>, stop: StopReason, items: Int, take: Int?) -> FlowScript.End {
    if stop != .none { return .awaitCancellation }
    if let take, items >= take { return .awaitCancellation }
    switch result {
    case .success: return .complete
    case .failure(is OutputFailed): return .awaitCancellation
    case .failure(is CancellationError): return .cancelled
    case .failure(let error as ExportedKotlinPackages.kotlin.Throwable):
      return .error(className: error.className, message: error.message)
    case .failure(let error): return .error(className: String(reflecting: type(of: error)), message: "\(error)")
    }
  }

  /// Writes the end (after the time since the last item, unless the run was cut) and closes the file.
  /// Returns what went wrong writing the recording, if anything.
  func finish(_ end: FlowScript.End, scope: KotlinRuntimeScope?) -> String? {
    if end != .awaitCancellation { appendDelay(upTo: now(scope)) }
    append(end.jsonLine)
    flush(force: true)
    return state.withLock { $0.failure }
  }

  private func record(_ value: DumpValue, scope: KotlinRuntimeScope?) {
    appendDelay(upTo: now(scope))
    let step: FlowScript.Step
    do {
      let parsed = try ScriptValue(json: value.json)
      step = .item(parsed, text: value.text == DumpValue.text(of: parsed) ? nil : value.text)
    } catch {
      preconditionFailure("Invalid state: flowdump printed invalid JSON \(value.json): \(error)")
    }
    append(step.jsonLine)
    flush(force: false)
  }

  /// Milliseconds since the recording started, on the run's clock.
  private func now(_ scope: KotlinRuntimeScope?) -> Int64 {
    if let scope { return scope.currentTimeMillis - (state.withLock { $0.virtualStart } ?? 0) }
    let (seconds, attoseconds) = (ContinuousClock.now - startedAt).components
    return seconds * 1_000 + attoseconds / 1_000_000_000_000_000
  }

  private func appendDelay(upTo millis: Int64) {
    let gap = state.withLock { state in
      defer { state.lastMillis = max(state.lastMillis, millis) }
      return millis - state.lastMillis
    }
    if gap > 0 { append(FlowScript.Step.delay(gap).jsonLine) }
  }

  private func append(_ line: String) {
    state.withLock { $0.buffer += Array((line + "\n").utf8) }
  }

  /// Writes the buffer once it holds 64 KiB, or now when `force`.
  private func flush(force: Bool) {
    let bytes: [UInt8] = state.withLock { state in
      guard force || state.buffer.count >= 65_536, state.failure == nil else { return [] }
      defer { state.buffer.removeAll(keepingCapacity: true) }
      return state.buffer
    }
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
      if written < 0 {
        if errno == EINTR { continue }
        let reason = String(cString: strerror(errno))
        state.withLock { $0.failure = "cannot write the recording '\(path)': \(reason)" }
        return
      }
      offset += written
    }
  }
}

extension DumpSource {
  /// A source whose collection is `collect` (a wrapper around another source's).
  init(
    collect:
      @escaping @Sendable (KotlinBufferingPolicy, _ onValue: @Sendable (DumpValue) async throws -> Bool)
      async throws -> Void
  ) {
    self.collect = collect
  }
}
