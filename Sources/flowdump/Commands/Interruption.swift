import Dispatch
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
/// Created before the work starts, so that a Ctrl-C arriving at any point of it is seen: the
/// handler is installed in `init`, and a signal that comes before `watch(_:timeout:)` cancels the
/// task as soon as it is known.
final class Interruption: Sendable {
  private let reason = Atomic<Int>(StopReason.none.rawValue)
  // @unchecked Sendable: dispatch sources are thread-safe objects (libdispatch guarantees it).
  private struct SignalSource: @unchecked Sendable { let source: any DispatchSourceSignal }
  private let signalSource = Locked<SignalSource?>(nil)
  private let timer = Locked<Task<Void, Never>?>(nil)
  private let cancelTarget = Locked<(@Sendable () -> Void)?>(nil)

  var stopReason: StopReason { StopReason(rawValue: reason.load(ordering: .acquiring)) ?? .none }

  init() {
    // The default action (kill) goes first; libdispatch then installs its own handler for the
    // source (setting SIG_IGN after that would silence the source too).
    signal(SIGINT, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
    source.setEventHandler { [self] in stop(.interrupted) }
    // libdispatch arms the source asynchronously; until then a SIGINT would be ignored. Wait for
    // the registration (well under a millisecond) so that no Ctrl-C is ever lost.
    let registered = DispatchSemaphore(value: 0)
    source.setRegistrationHandler { registered.signal() }
    source.resume()
    _ = registered.wait(timeout: .now() + 2)
    let box = SignalSource(source: source)
    signalSource.withLock { $0 = box }
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

  func finish() {
    timer.withLock { $0?.cancel() }
    signalSource.withLock { $0?.source.cancel() }
  }
}
