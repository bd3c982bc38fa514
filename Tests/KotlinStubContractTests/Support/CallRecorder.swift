import CInterop
import Testing

/// The continuation of one suspend call: the `context` of a `shared_Continuation`.
///
/// Ownership of the context: `continuation()` passes `Unmanaged.passRetained(recorder)`; that retain is released
/// by the first `resume` (or by `StubScope.tryStart` when the call is refused). A second `resume` is recorded as
/// a violation, never released twice.
final class CallRecorder: Sendable {
  /// What the continuation does from inside `resume`, with the call's handle.
  enum Reaction: Sendable {
    case none
    case cancel
    case release
  }

  struct State: Sendable {
    var call: SuspendCall?
    var outcomes: [Outcome] = []
    /// The status of the reaction's call.
    var reentrantStatus: shared_Status?
    /// Object krefs of the result, when kept.
    var kept: [Token] = []
    var discipline = CallbackDiscipline()
  }

  /// Keep object krefs found in a completed value (in `kept`) instead of disposing them.
  let keepObjects: Bool
  let reaction: Reaction
  private let log = EventLog(State())

  init(keepObjects: Bool = false, reaction: Reaction = .none) {
    self.keepObjects = keepObjects
    self.reaction = reaction
  }

  var reentrantStatus: shared_Status? { log.state.reentrantStatus }

  var outcome: Outcome? { log.state.outcomes.first }
  var outcomeCount: Int { log.state.outcomes.count }
  var kept: [Token] { log.state.kept }

  /// Waits for the outcome; nil if none arrived within `timeout`.
  func waitForOutcome(timeout: Duration = eventTimeout) async -> Outcome? {
    guard await log.wait(timeout: timeout, until: { !$0.outcomes.isEmpty }) else { return nil }
    return outcome
  }

  /// Exactly one `resume`, on a worker thread.
  func expectWellFormed(sourceLocation: SourceLocation = #_sourceLocation) {
    let state = log.state
    #expect(state.discipline.violations == [], sourceLocation: sourceLocation)
    #expect(state.outcomes.count == 1, "outcomes: \(state.outcomes)", sourceLocation: sourceLocation)
  }

  /// A continuation whose context holds a retain on this recorder (see the type's documentation).
  func continuation() -> shared_Continuation {
    shared_Continuation(
      context: Unmanaged.passRetained(self).toOpaque(),  // Released by the first `resume`, or by `abandon()`.
      resume: { context, outcome in
        Unmanaged<CallRecorder>.fromOpaque(context!).takeUnretainedValue().resume(outcome)
      },
      callerCancelled: false)
  }

  func attach(_ call: SuspendCall) {
    log.update { $0.call = call }
  }

  /// Balances `continuation()` when the runtime refused the call (and so will never resume it).
  func abandon() {
    Unmanaged.passUnretained(self).release()
  }

  private func resume(_ outcome: UnsafePointer<shared_Outcome>?) {
    let onWorkerThread = shared_TestRuntime_isWorkerThread()
    log.update { $0.discipline.enter("resume", onWorkerThread: onWorkerThread) }
    var kept: [Token] = []
    var received = Outcome(kind: .invalid(-1))
    if let outcome = outcome?.pointee {
      received.kind = TerminalKind(outcome.kind)
      received.cancelsCaller = outcome.cancelsCaller
      switch received.kind {
      case .completed:
        received.value = Item(outcome.value, objects: keepObjects ? .keep : .dispose, kept: &kept)
      case .failed:
        received.failure = Failure(outcome.throwable, keep: false, kept: &kept)
      case .cancelled:
        received.requestedByConsumer = outcome.requestedByConsumer
      case .invalid:
        break
      }
      if received.kind != .failed && !outcome.throwable.isNull {
        Kotlin.dispose(outcome.throwable)
        received.failure = Failure(className: "<unexpected throwable in a \(received.kind) outcome>", message: nil)
      }
    }
    // React first, so that a test woken by the outcome also sees the reaction's status.
    var status: shared_Status?
    if let call = log.state.call {
      switch reaction {
      case .none: break
      case .cancel: status = call.cancel()
      case .release: status = call.release()
      }
    }
    let first = log.update { state in
      state.outcomes.append(received)
      state.kept += kept
      state.reentrantStatus = status
      return state.outcomes.count == 1
    }
    log.update { $0.discipline.exit(final: true) }
    if first {
      Unmanaged.passUnretained(self).release()
    }
  }
}
