/// One measured collection of a bulk flow.
struct BulkRun: Sendable {
  let strategy: Strategy
  let consumer: Consumer
  let round: Int
  let drained: Drained
  let rssGrowthMB: Double

  var elementsPerSecond: Double { Double(drained.elements) / (Double(drained.nanos) / 1e9) }
}

/// One strategy × consumer over all rounds; ratios are taken round by round against the baseline
/// measured in the same round with the same consumer.
struct BulkRow: Sendable {
  let strategy: Strategy
  let consumer: Consumer
  let elementsPerSecond: Summary
  let versusA: Summary?
  let versusB: Summary?
  let rssGrowthMB: Summary
  let elements: Int

  init?(_ runs: [BulkRun], strategy: Strategy, consumer: Consumer) {
    let mine = runs.filter { $0.strategy == strategy && $0.consumer == consumer }
    guard let rate = Summary(mine.map(\.elementsPerSecond)), let rss = Summary(mine.map(\.rssGrowthMB)) else {
      return nil
    }
    func ratios(to baseline: Strategy) -> Summary? {
      Summary(
        mine.compactMap { run in
          runs.first { $0.strategy == baseline && $0.consumer == consumer && $0.round == run.round }
            .map { run.elementsPerSecond / $0.elementsPerSecond }
        })
    }
    self.strategy = strategy
    self.consumer = consumer
    elementsPerSecond = rate
    versusA = ratios(to: .baselineA)
    versusB = ratios(to: .baselineB)
    rssGrowthMB = rss
    elements = mine[0].drained.elements
  }
}

/// A bulk workload's outcome: its rows, or why it did not run.
struct BulkResult: Sendable {
  let key: String
  let title: String
  let count: Int
  let perElementCount: Int
  let rounds: Int
  /// Set when the workload could not run (a missing fixture).
  let unavailable: String?
  let rows: [BulkRow]
  let notes: [String]
  /// Wrong counts or checksums: a strategy lost, duplicated or corrupted elements.
  let problems: [String]
}
