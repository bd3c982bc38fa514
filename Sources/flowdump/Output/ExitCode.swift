/// Exit codes (sysexits where one fits, and the shell's conventions for timeout and SIGINT).
enum ExitCode: Int32 {
  case success = 0
  /// The flow failed or the suspend function threw.
  case failure = 1
  case usage = 64
  case software = 70
  case timeout = 124
  case interrupted = 130
}
