#if canImport(Glibc)
  import Glibc
#endif

/// Line output on the file descriptors: results on stdout, progress and diagnostics on stderr
/// (so that `--json` leaves one clean document on stdout).
enum Console {
  static func out(_ text: String) { write(text + "\n", to: STDOUT_FILENO) }
  static func error(_ text: String) { write(text + "\n", to: STDERR_FILENO) }

  private static func write(_ text: String, to descriptor: Int32) {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
      if written < 0 {
        if errno == EINTR { continue }
        return  // nowhere left to report to
      }
      offset += written
    }
  }
}
