#if canImport(Glibc)
  import Glibc
#endif

/// Nanoseconds on the monotonic clock: cheap enough to stamp every StateFlow update.
enum MonotonicClock {
  @inline(__always)
  static func nanos() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
  }

  static func seconds(from start: UInt64, to end: UInt64) -> Double {
    Double(end &- start) / 1e9
  }
}
