import FlowTesting
import HeadlessUI
import KotlinBridge
import KotlinFixtures
import Scenarios
import Testing  // FlowTesting's default arguments (#_sourceLocation) need the Testing macros in scope

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
    let harness = await measureHarness(tests: tests, problems: &problems, round: round)
    runs.append(
      HostRun(round: round, tests: tests, seconds: seconds, idleSettleNanos: idleNanos.sorted(), harness: harness))
  }
  return HostResult(tests: tests, rounds: rounds, runs: runs, problems: problems)
}

/// The harness's own cost per test, as operations per second: what a user of the test harness feels.
struct HarnessRates: Sendable {
  /// Mount seed 002's counter, `settle()`, unmount.
  let mountSettleUnmount: Double
  /// One Turbine `test { }` over `words()`: three items and the completion.
  let turbineThreeItems: Double
  /// One `withKotlinLeakCheck` scope around a collection of `words()`.
  let leakCheckScope: Double
}

/// Times `tests` repetitions of each harness operation.
@MainActor
private func measureHarness(tests: Int, problems: inout [String], round: Int) async -> HarnessRates {
  func rate(_ start: UInt64) -> Double {
    Double(tests) / MonotonicClock.seconds(from: start, to: MonotonicClock.nanos())
  }
  var start = MonotonicClock.nanos()
  for _ in 0..<tests {
    let host = HeadlessHost(CounterView())
    do { try await host.settle() } catch { problems.append("round \(round + 1): mount/settle: \(error)") }
    await host.unmount()
  }
  let mountSettleUnmount = rate(start)
  start = MonotonicClock.nanos()
  for _ in 0..<tests {
    do {
      try await words().test { turbine in
        for _ in 0..<3 { _ = try await turbine.awaitItem() }
        try await turbine.awaitComplete()
      }
    } catch {
      problems.append("round \(round + 1): turbine: \(error)")
    }
  }
  let turbineThreeItems = rate(start)
  start = MonotonicClock.nanos()
  for _ in 0..<tests {
    do {
      try await withKotlinLeakCheck { _ in
        for try await _ in words().asAsyncSequence() {}
      }
    } catch {
      problems.append("round \(round + 1): leak check: \(error)")
    }
  }
  let leakCheckScope = rate(start)
  return HarnessRates(
    mountSettleUnmount: mountSettleUnmount, turbineThreeItems: turbineThreeItems, leakCheckScope: leakCheckScope)
}

/// One round of the host workload.
struct HostRun: Sendable {
  let round: Int
  let tests: Int
  let seconds: Double
  /// Idle settle() latencies, sorted.
  let idleSettleNanos: [UInt64]
  let harness: HarnessRates

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
  var mountSettleUnmountPerSecond: Summary? { Summary(runs.map(\.harness.mountSettleUnmount)) }
  var turbinePerSecond: Summary? { Summary(runs.map(\.harness.turbineThreeItems)) }
  var leakCheckScopesPerSecond: Summary? { Summary(runs.map(\.harness.leakCheckScope)) }
}
