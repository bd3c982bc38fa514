#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// stdout took no more output. Closed under us (`flowdump dump range 100000000 | head -3`: EPIPE):
/// the run stops quietly, exit 0. Failing otherwise (a full disk: ENOSPC; EIO): the run stops, and
/// the failure is reported with exit 74 (EX_IOERR), as for `--record`: output that went missing must
/// not pass for a success.
struct OutputFailed: Error {
  /// The system's error number.
  let errorNumber: Int32

  var isClosed: Bool { errorNumber == EPIPE }

  /// The exit code, after saying on stderr why stdout failed (nothing for a closed pipe).
  func report() -> ExitCode {
    guard !isClosed else { return .success }
    Output.error("flowdump: cannot write to stdout: \(String(cString: strerror(errorNumber)))")
    return .ioError
  }
}

/// Unbuffered line output on the file descriptors, so that a closed pipe or a full disk is noticed
/// at once (SIGPIPE is ignored; the write fails with EPIPE instead), and never lost in a buffer
/// flushed at exit.
enum Output {
  static func line(_ text: String) throws(OutputFailed) {
    if let errorNumber = write(text + "\n", to: STDOUT_FILENO) { throw OutputFailed(errorNumber: errorNumber) }
  }

  /// Prints `text` and returns the exit code: success, or how stdout failed (see ``OutputFailed``).
  static func lines(_ text: String) -> ExitCode {
    do {
      try line(text)
      return .success
    } catch {
      return error.report()
    }
  }

  /// A line on stderr (diagnostics). Failures to write there are ignored: nowhere else to report.
  static func error(_ text: String) {
    _ = write(text + "\n", to: STDERR_FILENO)
  }

  /// Writes all of `text`; nil, or the error number of the failed write.
  private static func write(_ text: String, to descriptor: Int32) -> Int32? {
    // Written from the string's own UTF-8 storage: a copy into an array doubled a long line's memory.
    var text = text
    return text.withUTF8 { bytes in write(bytes, to: descriptor) }
  }

  private static func write(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) -> Int32? {
    var offset = 0
    while offset < bytes.count {
      #if canImport(Glibc)
        let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      #else
        let written = Darwin.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      #endif
      if written < 0 {
        if errno == EINTR { continue }
        if errno == EAGAIN || errno == EWOULDBLOCK {
          // A non-blocking descriptor (set so by whoever shares it): wait until it takes more.
          var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
          _ = poll(&ready, 1, -1)
          continue
        }
        return errno
      }
      offset += written
    }
    return nil
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
