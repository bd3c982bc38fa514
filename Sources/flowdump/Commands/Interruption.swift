import Locking
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Why a running collection or call was stopped from outside.
enum StopReason: Int, Sendable {
  case none = 0
  case interrupted  // Ctrl-C (SIGINT)
  case timedOut  // --timeout
}

/// Cancels a task on SIGINT or after `timeout` seconds, remembering which came first.
///
/// Created before the work starts, so that a Ctrl-C arriving at any point of it is seen: from
/// `init` on, ``SignalWatcher`` routes Ctrl-C here, and one that comes before
/// `watch(_:timeout:)` cancels the task as soon as it is known.
final class Interruption: Sendable {
  private let reason = Atomic<Int>(StopReason.none.rawValue)
  private let timer = Locked<Task<Void, Never>?>(nil)
  private let cancelTarget = Locked<(@Sendable () -> Void)?>(nil)
  private let routed = Atomic<Bool>(true)

  var stopReason: StopReason { StopReason(rawValue: reason.load(ordering: .acquiring)) ?? .none }

  init() {
    SignalWatcher.routeInterrupts { [self] in stop(.interrupted) }
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
        stop(.timedOut)
      }
      self.timer.withLock { $0 = timer }
    }
  }

  private func stop(_ why: StopReason) {
    _ = reason.compareExchange(
      expected: StopReason.none.rawValue, desired: why.rawValue, ordering: .acquiringAndReleasing)
    cancelTarget.withLock { $0 }?()
  }

  /// The work is over: stops the timer. Ctrl-C stays routed here (and is then ignored: the result
  /// is being reported) until `close()`.
  func finish() {
    timer.withLock { $0?.cancel() }
  }

  /// The command is returning: gives Ctrl-C back to the default (exit 130 at once). Idempotent.
  func close() {
    finish()
    if routed.exchange(false, ordering: .acquiringAndReleasing) { SignalWatcher.unroute() }
  }
}
