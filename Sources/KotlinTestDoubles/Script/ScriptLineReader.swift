#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The lines of a script, one at a time: a file is read in 64 KiB chunks and only the current line
/// is held, so reading a script takes memory in proportion to its longest line, not to its size.
/// (Reading the whole file and splitting it into an array of lines took 6.6 GB for 100 MB of blank
/// lines: a slice per line.)
///
/// A line is its bytes without the `\n` that ends it, nor a `\r` before that. The last line needs no
/// `\n`; a final `\n` does not start another line.
struct ScriptLineReader {
  /// `read(2)` failed: the system's error number.
  struct ReadFailure: Error {
    let errorNumber: Int32
  }

  /// The file descriptor, or -1 for bytes already in memory.
  private let descriptor: Int32
  private var chunk: [UInt8]
  private var start = 0
  private var end = 0
  private var atEnd = false
  /// The start of a line that goes on in the next chunk.
  private var partial: [UInt8] = []

  static let chunkSize = 65_536

  /// Reads `descriptor` (which the caller opens and closes) to its end.
  init(descriptor: Int32) {
    self.descriptor = descriptor
    chunk = [UInt8](repeating: 0, count: Self.chunkSize)
  }

  /// The lines of `bytes`.
  init(bytes: [UInt8]) {
    descriptor = -1
    chunk = bytes
    end = bytes.count
    atEnd = true
  }

  /// The next line, or nil after the last one.
  mutating func next() throws(ReadFailure) -> [UInt8]? {
    while true {
      if start < end {
        let (from, to) = (start, end)
        let newline: Int? = chunk.withUnsafeBufferPointer { buffer in
          // memchr: a debug build's byte loop would take seconds over a large file.
          guard let found = memchr(buffer.baseAddress! + from, 0x0A, to - from) else { return nil }
          return UnsafeRawPointer(buffer.baseAddress!).distance(to: UnsafeRawPointer(found))
        }
        guard let newline else {
          partial += chunk[from..<to]
          start = end
          continue
        }
        start = newline + 1
        partial += chunk[from..<newline]
        return takeLine()
      }
      if atEnd {
        guard !partial.isEmpty else { return nil }
        return takeLine()
      }
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw ReadFailure(errorNumber: errno)
      }
      (start, end, atEnd) = (0, count, count == 0)
    }
  }

  /// The line gathered in `partial`, which is left empty. Moved, not copied: the line may be large.
  private mutating func takeLine() -> [UInt8] {
    var line: [UInt8] = []
    swap(&line, &partial)
    if line.last == UInt8(ascii: "\r") { line.removeLast() }
    return line
  }
}
