#if canImport(Glibc)
  import Glibc
#endif

/// The 1-minute load average (/proc/loadavg): on a shared machine, how busy the neighbours were.
enum LoadAverage {
  static func oneMinute() -> Double? {
    guard let file = fopen("/proc/loadavg", "r") else { return nil }
    defer { fclose(file) }
    var load = 0.0
    return withUnsafeMutablePointer(to: &load) { pointer in
      withVaList([pointer]) { vfscanf(file, "%lf", $0) } == 1 ? pointer.pointee : nil
    }
  }
}
