import Locking

#if canImport(Glibc)
  import Glibc
#endif

/// Receives SIGINT for the whole process, from the first line of `main` to the exit, so that no
/// Ctrl-C is ever lost.
///
/// `start()` blocks SIGINT on the main thread before any other thread exists (every thread created
/// later inherits the mask) and starts one thread that takes the signal with `sigwait`. A blocked
/// signal stays pending until that thread takes it, so there is no window in which a Ctrl-C is
/// ignored: the earlier design set SIGINT to SIG_IGN and only then armed a dispatch source, and a
/// Ctrl-C between the two was dropped.
///
/// What a Ctrl-C does: while an ``Interruption`` is routed here (a dump or a call is running), it
/// stops that work, which then releases the Kotlin side and exits 130. Otherwise (start-up,
/// argument parsing, `list`, `render`, tear-down) the process exits 130 at once: nothing of the
/// Kotlin side is held then that an exit would leak.
enum SignalWatcher {
  /// The current receiver of Ctrl-C, if any (the innermost running dump or call).
  private static let route = Locked<(@Sendable () -> Void)?>(nil)

  static func start() {
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGINT)
    pthread_sigmask(SIG_BLOCK, &set, nil)
    var thread = pthread_t()
    let created = pthread_create(&thread, nil, { _ in SignalWatcher.waitLoop() }, nil)
    if created != 0 {
      // Without a watcher a blocked SIGINT would be ignored: fall back to the default action.
      pthread_sigmask(SIG_UNBLOCK, &set, nil)
      return
    }
    pthread_detach(thread)
  }

  private static func waitLoop() -> UnsafeMutableRawPointer? {
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGINT)
    while true {
      var received: Int32 = 0
      guard sigwait(&set, &received) == 0, received == SIGINT else { continue }
      // Read under the lock, called after it is released (the receiver cancels a task).
      if let receiver = route.withLock({ $0 }) {
        receiver()
      } else {
        _exit(ExitCode.interrupted.rawValue)
      }
    }
  }

  /// Routes Ctrl-C to `receiver` until `unroute()`.
  static func routeInterrupts(to receiver: @escaping @Sendable () -> Void) {
    route.withLock { $0 = receiver }
  }

  static func unroute() {
    route.withLock { $0 = nil }
  }
}
