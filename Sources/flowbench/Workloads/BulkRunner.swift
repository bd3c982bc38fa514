import KotlinFixtures

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
  // The loop ceiling's input: the flow's own elements, collected once.
  var ceilingElements: [Element] = []
  do {
    for try await element in makeFlow(Int32(workload.count)).asAsyncSequence(bufferingPolicy: .bounded(4096)) {
      ceilingElements.append(element)
    }
  } catch {
    problems.append("collecting the loop ceiling's elements: \(error)")
  }
  var ceilings: [(consumer: Consumer, round: Int, rate: Double)] = []
  for round in 0..<rounds {
    // Same consumer, strategies back to back: the runs a ratio pairs are adjacent in time.
    for consumer in rotated(Consumer.allCases, round: round) {
      if !ceilingElements.isEmpty, let drained = try? await drainCeiling(ceilingElements, on: consumer) {
        ceilings.append((consumer, round, Double(drained.elements) / (Double(drained.nanos) / 1e9)))
      }
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
  var notes = [Strategy.bulkSkipNote]
  for consumer in Consumer.allCases {
    let mine = ceilings.filter { $0.consumer == consumer }
    guard let ceiling = Summary(mine.map(\.rate)) else { continue }
    // Each strategy as a fraction of the ceiling measured in the same round, same consumer.
    let fractions = strategies.compactMap { strategy -> String? in
      let fractions = runs.filter { $0.strategy == strategy && $0.consumer == consumer }.compactMap { run in
        mine.first { $0.round == run.round }.map { run.elementsPerSecond / $0.rate }
      }
      return Summary(fractions).map { "\(strategy.rawValue) \(Format.percent($0.median))" }
    }
    notes.append(
      "loop ceiling \(consumer.rawValue) (the same loop over an array that never suspends): "
        + "\(Format.summary(ceiling, Format.rate))/s; as a fraction of it: \(fractions.joined(separator: ", "))")
  }
  return BulkResult(
    key: workload.key, title: workload.title, count: workload.count, perElementCount: workload.perElementCount,
    rounds: rounds, unavailable: nil, rows: rows, notes: notes, problems: problems)
}

/// Waits until the Kotlin runtime has finished the previous run's work (terminal events,
/// releases), so that one run's tail does not land in the next one's time.
func settleKotlin() {
  _ = KotlinTestRuntime.waitUntilIdle(timeoutMillis: 2_000)
}
