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

  /// Sleeps the calling thread (not a task): for the sampler and writer threads.
  static func sleep(millis: Int) {
    var duration = timespec(tv_sec: millis / 1_000, tv_nsec: (millis % 1_000) * 1_000_000)
    var remaining = timespec()
    while nanosleep(&duration, &remaining) != 0, errno == EINTR { duration = remaining }
  }

  static func seconds(from start: UInt64, to end: UInt64) -> Double {
    Double(end &- start) / 1e9
  }
}
