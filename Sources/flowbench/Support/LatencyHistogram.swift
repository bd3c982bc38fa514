#if canImport(Glibc)
  import Glibc
#endif

/// Latencies in log-spaced buckets (2 % wide, from 1 µs to over 10 min): constant memory however
/// many renders are recorded, and the same relative precision for 20 µs and for 2 s.
struct LatencyHistogram: Sendable {
  private static let growth = 1.02
  private static let firstNanos = 1_000.0
  private var buckets = [UInt32](repeating: 0, count: 1_400)
  private(set) var count = 0
  private(set) var maxNanos: UInt64 = 0

  mutating func record(nanos: UInt64) {
    count += 1
    maxNanos = max(maxNanos, nanos)
    let index = nanos <= UInt64(Self.firstNanos) ? 0 : Int(log(Double(nanos) / Self.firstNanos) / log(Self.growth)) + 1
    buckets[min(index, buckets.count - 1)] += 1
  }

  /// The `fraction` (0...1) percentile in milliseconds (the upper edge of its bucket, at most the
  /// maximum), or `nil` with no samples.
  func percentileMillis(_ fraction: Double) -> Double? {
    guard count > 0 else { return nil }
    let rank = max(1, Int((fraction * Double(count)).rounded(.up)))
    var seen = 0
    for (index, bucketCount) in buckets.enumerated() where bucketCount > 0 {
      seen += Int(bucketCount)
      if seen >= rank { return min(Self.firstNanos * pow(Self.growth, Double(index)), Double(maxNanos)) / 1e6 }
    }
    return Double(maxNanos) / 1e6
  }

  var maxMillis: Double? { count > 0 ? Double(maxNanos) / 1e6 : nil }
}
