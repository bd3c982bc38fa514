import Locking
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Why a running collection or call was stopped from outside.
enum StopReason: Int, Sendable {
  case none = 0
  case interrupted  // a signal: Ctrl-C (SIGINT), SIGTERM, SIGHUP or SIGQUIT
  case timedOut  // --timeout
}

/// Cancels a task on a signal (see ``SignalWatcher``) or after `timeout` seconds, remembering which
/// came first, and which signal.
///
/// Created before the work starts, so that a signal arriving at any point of it is seen: from
/// `init` on, ``SignalWatcher`` routes signals here, and one that comes before
/// `watch(_:timeout:)` cancels the task as soon as it is known.
final class Interruption: Sendable {
  /// The reason and the signal in one word (reason | signal << 8), so that a reader never sees the
  /// reason without its signal.
  private let reason = Atomic<Int>(StopReason.none.rawValue)
  private let timer = Locked<Task<Void, Never>?>(nil)
  private let cancelTarget = Locked<(@Sendable () -> Void)?>(nil)
  private let routed = Atomic<Bool>(true)

  var stopReason: StopReason { StopReason(rawValue: reason.load(ordering: .acquiring) & 0xFF) ?? .none }

  /// The signal that stopped the work (when `stopReason` is `.interrupted`).
  var signal: Int32 { Int32(reason.load(ordering: .acquiring) >> 8) }

  /// The exit code of work stopped by a signal: 128 + its number.
  var signalExitCode: ExitCode { .signalled(signal) }

  /// How the terminal line names the signal: "" for Ctrl-C (the line stays what it always was),
  /// " by SIGTERM" for the others.
  var signalSuffix: String { signalName.map { " by \($0)" } ?? "" }

  /// SIGTERM, SIGHUP, SIGQUIT; nil for SIGINT (or no signal).
  var signalName: String? {
    switch signal {
    case SIGTERM: "SIGTERM"
    case SIGHUP: "SIGHUP"
    case SIGQUIT: "SIGQUIT"
    default: nil
    }
  }

  init() {
    SignalWatcher.routeInterrupts { [self] signal in stop(.interrupted, signal: signal) }
  }

  /// The longest timeout armed; longer ones (and non-finite ones) mean no timeout at all.
  private static let longestTimeout: Double = 1e9

  func watch<T: Sendable>(_ task: Task<T, any Error>, timeout seconds: Double?) {
    cancelTarget.withLock { $0 = { task.cancel() } }
    if stopReason != .none { task.cancel() }  // Ctrl-C came before the task was known
    if let seconds, seconds.isFinite, seconds <= Self.longestTimeout {
      let timer = Task { [self] in
        // A timeout, not synchronisation: it only ends the collection.
        try? await Task.sleep(for: .milliseconds(Int64(seconds * 1_000)))
        guard !Task.isCancelled else { return }
        stop(.timedOut, signal: 0)
      }
      self.timer.withLock { $0 = timer }
    }
  }

  private func stop(_ why: StopReason, signal: Int32) {
    _ = reason.compareExchange(
      expected: StopReason.none.rawValue, desired: why.rawValue | Int(signal) << 8, ordering: .acquiringAndReleasing)
    cancelTarget.withLock { $0 }?()
  }

  /// The work is over: stops the timer. Signals stay routed here (and are then ignored: the result
  /// is being reported) until `close()`.
  func finish() {
    timer.withLock { $0?.cancel() }
  }

  /// The command is returning: gives signals back to the default (exit 128 + the signal's number at
  /// once). Idempotent.
  func close() {
    finish()
    if routed.exchange(false, ordering: .acquiringAndReleasing) { SignalWatcher.unroute() }
  }
}
