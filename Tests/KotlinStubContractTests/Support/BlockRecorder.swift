import CInterop
import Testing

/// A Swift closure passed into Kotlin as a lambda (`shared_IntBlock` / `shared_UnitBlock`).
///
/// Ownership of the context: `intBlock()` / `unitBlock()` pass `Unmanaged.passRetained(recorder)`; that retain is
/// released by the first `release` callback. A second `release`, or an `invoke` after it, is a violation.
final class BlockRecorder: Sendable {
  struct State: Sendable {
    var invocations = 0
    var releases = 0
    var discipline = CallbackDiscipline()
  }

  /// What `invoke` returns (for `() -> Int`).
  let result: Int32
  private let log = EventLog(State())

  init(returning result: Int32 = 0) {
    self.result = result
  }

  var invocations: Int { log.state.invocations }
  var releases: Int { log.state.releases }

  /// Waits until Kotlin dropped the lambda.
  func waitForRelease(timeout: Duration = eventTimeout) async -> Bool {
    await log.wait(timeout: timeout) { $0.releases > 0 }
  }

  /// `invocations` invokes, each on a worker thread, then exactly one release, after the last invoke.
  func expectWellFormed(invocations expected: Int, sourceLocation: SourceLocation = #_sourceLocation) {
    let state = log.state
    #expect(state.invocations == expected, "invocations", sourceLocation: sourceLocation)
    #expect(state.releases == 1, "releases", sourceLocation: sourceLocation)
    #expect(state.discipline.violations == [], sourceLocation: sourceLocation)
  }

  func intBlock() -> shared_IntBlock {
    shared_IntBlock(
      context: Unmanaged.passRetained(self).toOpaque(),  // Released by the first `release` callback.
      invoke: { context in Unmanaged<BlockRecorder>.fromOpaque(context!).takeUnretainedValue().invoke() },
      release: { context in Unmanaged<BlockRecorder>.fromOpaque(context!).takeUnretainedValue().release() })
  }

  func unitBlock() -> shared_UnitBlock {
    shared_UnitBlock(
      context: Unmanaged.passRetained(self).toOpaque(),  // Released by the first `release` callback.
      invoke: { context in _ = Unmanaged<BlockRecorder>.fromOpaque(context!).takeUnretainedValue().invoke() },
      release: { context in Unmanaged<BlockRecorder>.fromOpaque(context!).takeUnretainedValue().release() })
  }

  private func invoke() -> Int32 {
    let onWorkerThread = shared_TestRuntime_isWorkerThread()
    log.update { state in
      state.discipline.enter("invoke", onWorkerThread: onWorkerThread)
      state.invocations += 1
      state.discipline.exit(final: false)
    }
    return result
  }

  private func release() {
    // `release` may run on any thread, so only overlap and ordering are checked.
    let first = log.update { state in
      state.discipline.enter("release", onWorkerThread: true)
      state.releases += 1
      state.discipline.exit(final: true)
      return state.releases == 1
    }
    if first {
      Unmanaged.passUnretained(self).release()
    }
  }
}
