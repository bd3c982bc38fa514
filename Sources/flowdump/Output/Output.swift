#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// stdout closed under us (`flowdump dump range 100000000 | head -3`): stop quietly.
struct OutputClosed: Error {}

/// Unbuffered line output on the file descriptors, so that a closed pipe is noticed at once
/// (SIGPIPE is ignored; the write fails with EPIPE instead).
enum Output {
  static func line(_ text: String) throws(OutputClosed) {
    guard write(text + "\n", to: STDOUT_FILENO) else { throw OutputClosed() }
  }

  /// A line on stderr (diagnostics). Failures to write there are ignored: nowhere else to report.
  static func error(_ text: String) {
    _ = write(text + "\n", to: STDERR_FILENO)
  }

  private static func write(_ text: String, to descriptor: Int32) -> Bool {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes { buffer in
        #if canImport(Glibc)
          Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        #else
          Darwin.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        #endif
      }
      if written < 0 {
        if errno == EINTR { continue }
        return false
      }
      offset += written
    }
    return true
  }

  static func ignoreBrokenPipes() { signal(SIGPIPE, SIG_IGN) }

  /// `text` with control characters escaped (`\n`, `\r`, `\t`, others as `\u{…}`), so that it
  /// prints as exactly one line whatever the user typed.
  static func oneLine(_ text: String) -> String {
    var result = ""
    result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}":
        result += "\\u{\(String(scalar.value, radix: 16))}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
