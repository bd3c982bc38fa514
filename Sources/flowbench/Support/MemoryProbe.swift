#if canImport(Glibc)
  import Glibc
#endif

/// The process's resident memory from /proc/self/status, and its peak (VmHWM), which
/// /proc/self/clear_refs can reset so that each run measures its own peak.
enum MemoryProbe {
  /// Current resident set in KiB (VmRSS), or 0 where /proc is unavailable.
  static func residentKiB() -> Int { field("VmRSS:") }

  /// Peak resident set in KiB (VmHWM) since the process started or since the last `resetPeak()`.
  static func peakKiB() -> Int { field("VmHWM:") }

  /// Resets VmHWM to the current VmRSS; returns whether the kernel allowed it.
  @discardableResult
  static func resetPeak() -> Bool {
    guard let file = fopen("/proc/self/clear_refs", "w") else { return false }
    defer { fclose(file) }
    return fputs("5", file) >= 0
  }

  /// Starts a measurement: resets the peak and returns the resident set it grows from.
  static func begin() -> Int {
    resetPeak()
    return residentKiB()
  }

  /// Peak growth in MB since `begin()` returned `baseKiB`.
  static func peakGrowthMB(since baseKiB: Int) -> Double {
    Double(max(0, peakKiB() - baseKiB)) / 1024
  }

  private static func field(_ name: String) -> Int {
    guard let file = fopen("/proc/self/status", "r") else { return 0 }
    defer { fclose(file) }
    var line = [CChar](repeating: 0, count: 256)
    while fgets(&line, Int32(line.count), file) != nil {
      let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      guard text.hasPrefix(name) else { continue }
      let digits = text.dropFirst(name.count).filter { $0.isNumber }
      return Int(digits) ?? 0
    }
    return 0
  }
}
