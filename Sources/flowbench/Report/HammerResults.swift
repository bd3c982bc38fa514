/// One hammer run of one strategy.
struct HammerRun: Sendable {
  let strategy: Strategy
  let round: Int
  let windowSeconds: Double
  /// Values set (the writer sets 1, 2, …, so also the final value).
  let sets: Int
  /// Renders while the writer ran, and in all (including those after it stopped, until settled).
  let rendersInWindow: Int
  let renders: Int
  let latency: LatencyHistogram
  let lappedRenders: Int
  let rssPeakGrowthMB: Double
  /// Resident memory at the end of the writer's run minus a quarter of the way in.
  let rssDriftMB: Double
  let finalValue: Int32
  /// Whether, after the writer stopped and `settle()` returned, the frame showed the last value.
  let finalRendered: Bool
  /// From the writer's stop until the last value was on screen (`nil`: not within the wait).
  let finalShownMillis: Double?
  /// From the writer's stop to `settle()` returning (or giving up).
  let settleMillis: Double
  let settleError: String?

  /// Memory counts as flat when it grew by at most this much over the last three quarters.
  static let flatDriftLimitMB = 2.0

  var setsPerSecond: Double { Double(sets) / windowSeconds }
  var rendersPerSecond: Double { Double(rendersInWindow) / windowSeconds }
  var p50Millis: Double? { latency.percentileMillis(0.5) }
  var p99Millis: Double? { latency.percentileMillis(0.99) }
  var memoryFlat: Bool { rssDriftMB <= Self.flatDriftLimitMB }
  var rendersWithinUpdates: Bool { renders <= sets }

  static func drift(_ samplesKiB: [Int]) -> Double {
    guard let last = samplesKiB.last, samplesKiB.count >= 4 else { return 0 }
    return Double(last - samplesKiB[samplesKiB.count / 4]) / 1024
  }
}

/// The hammer over all rounds, one row per strategy.
struct HammerResult: Sendable {
  let seconds: Double
  let targetSetsPerSecond: Double
  /// How long a run waits for the last value to reach the screen after `settle()`.
  let finalWaitSeconds: Double
  let rounds: Int
  let runs: [HammerRun]

  func runs(of strategy: Strategy) -> [HammerRun] { runs.filter { $0.strategy == strategy } }
}
