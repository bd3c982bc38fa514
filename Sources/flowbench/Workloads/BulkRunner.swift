import Shared

/// Runs a bulk workload: every round runs every strategy with both consumers (strategies rotated
/// each round), checks that each delivered every element with the same checksum, and measures the
/// peak resident memory each run added.
@MainActor
func runBulk<Element: BenchElement>(
  _ workload: BulkWorkload<Element>, strategies: [Strategy], rounds: Int, log: (String) -> Void
) async -> BulkResult {
  guard let makeFlow = workload.makeFlow else {
    return BulkResult(
      key: workload.key, title: workload.title, count: workload.count, perElementCount: 0, rounds: 0,
      unavailable: workload.unavailable, rows: [], notes: [], problems: [])
  }
  var runs: [BulkRun] = []
  var problems: [String] = []
  var checksums: [Int: Int64] = [:]  // by element count: every strategy must agree
  for round in 0..<rounds {
    // Same consumer, strategies back to back: the runs a ratio pairs are adjacent in time.
    for consumer in rotated(Consumer.allCases, round: round) {
      for strategy in rotated(strategies, round: round) {
        settleKotlin()
        let count = workload.count(for: strategy)
        let flow = makeFlow(Int32(count))
        let base = MemoryProbe.begin()
        do {
          let drained = try await drain(flow, through: strategy, on: consumer)
          let run = BulkRun(
            strategy: strategy, consumer: consumer, round: round, drained: drained,
            rssGrowthMB: MemoryProbe.peakGrowthMB(since: base))
          runs.append(run)
          let expected = checksums[count] ?? drained.checksum
          if drained.elements != count || drained.checksum != expected {
            problems.append(
              "\(strategy.rawValue) \(consumer.rawValue) round \(round + 1): \(drained.elements) elements, checksum "
                + "\(drained.checksum) (expected \(count), \(expected))")
          }
          checksums[count] = expected
          log(
            "\(workload.title) round \(round + 1)/\(rounds) \(strategy.rawValue) \(consumer.rawValue): "
              + "\(Format.rate(run.elementsPerSecond)) elements/s")
        } catch {
          problems.append("\(strategy.rawValue) \(consumer.rawValue) round \(round + 1): \(error)")
        }
      }
    }
  }
  let rows = strategies.flatMap { strategy in
    Consumer.allCases.compactMap { BulkRow(runs, strategy: strategy, consumer: $0) }
  }
  return BulkResult(
    key: workload.key, title: workload.title, count: workload.count, perElementCount: workload.perElementCount,
    rounds: rounds, unavailable: nil, rows: rows,
    notes: [Strategy.bulkSkipNote], problems: problems)
}

/// Waits until the Kotlin runtime has finished the previous run's work (terminal events,
/// releases), so that one run's tail does not land in the next one's time.
func settleKotlin() {
  _ = KotlinTestRuntime.waitUntilIdle(timeoutMillis: 2_000)
}
