/// Exit codes (sysexits where one fits, and the shell's conventions for timeout and SIGINT).
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
  case interrupted = 130
}
