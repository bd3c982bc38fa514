import CInterop

/// Checks the THREADS rules for the callbacks of one collection, call or lambda: each runs on a runtime worker
/// thread, never concurrently with another callback of the same object, and nothing runs after the final one.
struct CallbackDiscipline: Sendable {
  private(set) var violations: [String] = []
  private var running: String?
  private var ended = false

  /// Call first in a callback with `shared_TestRuntime_isWorkerThread()` (asked outside any lock).
  mutating func enter(_ callback: String, onWorkerThread: Bool) {
    if !onWorkerThread {
      violations.append("\(callback) ran on a thread that is not a runtime worker")
    }
    if let running {
      violations.append("\(callback) ran while \(running) was still running")
    }
    if ended {
      violations.append("\(callback) ran after the final callback had returned")
    }
    running = callback
  }

  /// Call last in a callback; `final` for onTerminal / resume / release.
  mutating func exit(final: Bool) {
    running = nil
    if final {
      ended = true
    }
  }
}
