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

/// Cancels `task` on SIGINT or after `timeout` seconds, remembering which came first.
final class Interruption: Sendable {
  private let reason = Atomic<Int>(StopReason.none.rawValue)
  // @unchecked Sendable: dispatch sources are thread-safe objects (libdispatch guarantees it).
  private struct SignalSource: @unchecked Sendable { let source: any DispatchSourceSignal }
  private let signalSource = Locked<SignalSource?>(nil)
  private let timer = Locked<Task<Void, Never>?>(nil)

  var stopReason: StopReason { StopReason(rawValue: reason.load(ordering: .acquiring)) ?? .none }

  func watch<T: Sendable>(_ task: Task<T, any Error>, timeout seconds: Double?) {
    signal(SIGINT, SIG_IGN)  // delivered through the dispatch source instead of killing us
    let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
    source.setEventHandler { [self] in
      stop(.interrupted)
      task.cancel()
    }
    source.resume()
    let box = SignalSource(source: source)
    signalSource.withLock { $0 = box }
    if let seconds {
      let timer = Task { [self] in
        // A timeout, not synchronisation: it only ends the collection.
        try? await Task.sleep(for: .milliseconds(Int64(seconds * 1_000)))
        guard !Task.isCancelled else { return }
        stop(.timedOut)
        task.cancel()
      }
      self.timer.withLock { $0 = timer }
    }
  }

  private func stop(_ why: StopReason) {
    _ = reason.compareExchange(
      expected: StopReason.none.rawValue, desired: why.rawValue, ordering: .acquiringAndReleasing)
  }

  func finish() {
    timer.withLock { $0?.cancel() }
    signalSource.withLock { $0?.source.cancel() }
  }
}
