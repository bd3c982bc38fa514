import Locking

#if canImport(Glibc)
  import Glibc
#endif

/// Receives SIGINT, SIGTERM, SIGHUP and SIGQUIT for the whole process, from the first line of `main`
/// to the exit, so that no Ctrl-C (or `kill`, closed terminal, Ctrl-\) is ever lost.
///
/// `start()` installs a signal handler that only writes the signal's number, one byte, to a pipe
/// (async-signal-safe, whichever thread the kernel picks), and starts one thread that reads the pipe
/// and acts. From that moment a signal is always seen; before it (the loader, the Swift runtime's
/// start) the default action still ends the process. The earlier design set SIGINT to SIG_IGN and
/// only then armed a dispatch source, and a Ctrl-C between the two was dropped. A signal mask with
/// `sigwait` is not enough here: libdispatch parks the main thread of an async `main` in `sigsuspend`
/// with an empty mask, so that thread can always take the signal.
///
/// What a signal does: while an ``Interruption`` is routed here (a dump or a call is running), it
/// stops that work, which then releases the Kotlin side, ends a `--record` file as a run cut short,
/// and exits 128 + the signal's number (130, 143, 129, 131), the code the shell reports for a process
/// the signal ended. Otherwise (start-up, argument parsing, `list`, `render`, tear-down) the process
/// exits so at once: nothing of the Kotlin side is held then that an exit would leak. SIGTERM and
/// SIGHUP were left to their default action, which ended the process with a `--record` file still
/// empty (its lines were buffered); SIGQUIT's default (a core dump) is also replaced: a core of a
/// test tool helps nobody, and the recording is kept. A SIGHUP ignored at start (`nohup`) stays
/// ignored.
enum SignalWatcher {
  /// The signals handled, in the order they are installed.
  static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

  /// The current receiver of signals, if any (the running dump or call); it gets the signal's number.
  private static let route = Locked<(@Sendable (Int32) -> Void)?>(nil)
  /// The pipe's write end, for the handler. Set once, before the handler is installed.
  nonisolated(unsafe) private static var wakeFD: Int32 = -1

  static func start() {
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { return }  // no pipe: the default actions stay
    for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }  // not inherited by anything spawned
    wakeFD = fds[1]
    let readFD = fds[0]
    var thread = pthread_t()
    let context = UnsafeMutableRawPointer(bitPattern: Int(readFD) + 1)
    guard pthread_create(&thread, nil, { SignalWatcher.readLoop(Int32(Int(bitPattern: $0) - 1)) }, context) == 0
    else { return }
    pthread_detach(thread)
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { signal in
      var byte = UInt8(truncatingIfNeeded: signal)
      let saved = errno
      _ = write(SignalWatcher.wakeFD, &byte, 1)  // async-signal-safe; a full pipe already has a wake-up
      errno = saved
    }
    sigemptyset(&action.sa_mask)
    action.sa_flags = Int32(SA_RESTART)
    for signal in signals {
      if signal == SIGHUP {
        // nohup's promise: a SIGHUP ignored when the tool starts stays ignored.
        var previous = sigaction()
        // SIG_IGN is the handler (void (*)(int))1; function pointers are not Equatable in Swift.
        if sigaction(SIGHUP, nil, &previous) == 0, unsafeBitCast(previous.__sigaction_handler, to: Int.self) == 1 {
          continue
        }
      }
      sigaction(signal, &action, nil)
    }
  }

  private static func readLoop(_ fd: Int32) -> UnsafeMutableRawPointer? {
    var byte: UInt8 = 0
    while true {
      let count = read(fd, &byte, 1)
      if count < 0, errno == EINTR { continue }
      guard count == 1 else { return nil }
      // Read under the lock, called after it is released (the receiver cancels a task).
      if let receiver = route.withLock({ $0 }) {
        receiver(Int32(byte))
      } else {
        _exit(ExitCode.signalled(Int32(byte)).rawValue)
      }
    }
  }

  /// Routes the signals to `receiver` until `unroute()`.
  static func routeInterrupts(to receiver: @escaping @Sendable (_ signal: Int32) -> Void) {
    route.withLock { $0 = receiver }
  }

  static func unroute() {
    route.withLock { $0 = nil }
  }
}
