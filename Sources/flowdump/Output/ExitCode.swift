#if canImport(Glibc)
  import Glibc
#endif

/// Exit codes (sysexits where one fits, and the shell's conventions for timeout and signals).
enum ExitCode: Int32 {
  case success = 0
  /// The flow failed or the suspend function threw.
  case failure = 1
  case usage = 64
  /// A script file for `dump script` is malformed (EX_DATAERR).
  case dataError = 65
  /// A script file for `dump script` cannot be read (EX_NOINPUT).
  case noInput = 66
  case software = 70
  /// The `--record` file cannot be created (EX_CANTCREAT).
  case cannotCreate = 73
  /// The `--record` file cannot be written (EX_IOERR).
  case ioError = 74
  case timeout = 124
  /// SIGHUP (128 + 1, as the shell reports a process the signal ended).
  case hangup = 129
  /// SIGINT, Ctrl-C.
  case interrupted = 130
  /// SIGQUIT, Ctrl-\.
  case quit = 131
  /// SIGTERM (`kill`).
  case terminated = 143

  /// 128 + the signal's number, for the signals flowdump handles (see SignalWatcher).
  static func signalled(_ signal: Int32) -> ExitCode {
    switch signal {
    case SIGHUP: .hangup
    case SIGQUIT: .quit
    case SIGTERM: .terminated
    default: .interrupted
    }
  }
}
