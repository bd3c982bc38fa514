import HeadlessUI
import Scenarios

/// The "host" workload: what one headless view test costs. Each test mounts seed 002's counter,
/// settles, taps "increment", settles and unmounts; after the second settle one more `settle()`
/// is timed with nothing pending — the floor every view test pays per settle.
@MainActor
func runHost(tests: Int, rounds: Int, log: (String) -> Void) async -> HostResult {
  var runs: [HostRun] = []
  var problems: [String] = []
  for round in 0..<rounds {
    log("host: round \(round + 1)/\(rounds), \(tests) tests")
    var idleNanos: [UInt64] = []
    idleNanos.reserveCapacity(tests)
    let start = MonotonicClock.nanos()
    for _ in 0..<tests {
      let host = HeadlessHost(CounterView())
      do {
        try await host.settle()
        try host.tap("increment")
        try await host.settle()
        let before = MonotonicClock.nanos()
        try await host.settle()
        idleNanos.append(MonotonicClock.nanos() &- before)
      } catch {
        problems.append("round \(round + 1): \(error)")
      }
      await host.unmount()
    }
    let seconds = MonotonicClock.seconds(from: start, to: MonotonicClock.nanos())
    runs.append(HostRun(round: round, tests: tests, seconds: seconds, idleSettleNanos: idleNanos.sorted()))
  }
  return HostResult(tests: tests, rounds: rounds, runs: runs, problems: problems)
}

/// One round of the host workload.
struct HostRun: Sendable {
  let round: Int
  let tests: Int
  let seconds: Double
  /// Idle settle() latencies, sorted.
  let idleSettleNanos: [UInt64]

  var millisPerTest: Double { seconds * 1e3 / Double(tests) }

  /// The `fraction` quantile of idle settle() latency, in microseconds.
  func idleSettleMicros(_ fraction: Double) -> Double {
    guard !idleSettleNanos.isEmpty else { return .nan }
    let index = min(idleSettleNanos.count - 1, Int(Double(idleSettleNanos.count) * fraction))
    return Double(idleSettleNanos[index]) / 1e3
  }
}

/// The host workload over all rounds.
struct HostResult: Sendable {
  let tests: Int
  let rounds: Int
  let runs: [HostRun]
  let problems: [String]

  var millisPerTest: Summary? { Summary(runs.map(\.millisPerTest)) }
  func idleSettleMicros(_ fraction: Double) -> Summary? { Summary(runs.map { $0.idleSettleMicros(fraction) }) }
}
