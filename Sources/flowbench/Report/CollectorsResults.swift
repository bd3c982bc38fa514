/// One many-collectors run.
struct CollectorsRun: Sendable {
  let strategy: Strategy
  let consumer: Consumer
  let collectors: Int
  let round: Int
  /// From the first collector's start until every collection has ended (handles released).
  let seconds: Double
  /// From the start until every collector had its three values.
  let secondsToValues: Double

  var microsPerCollector: Double { seconds * 1e6 / Double(collectors) }
}

/// The many-collectors workload over all rounds.
struct CollectorsResult: Sendable {
  let counts: [Int]
  let rounds: Int
  let runs: [CollectorsRun]
  let problems: [String]

  /// Cost per collector is "linear" (constant per collector) while the largest N costs at most
  /// this many times the smallest N's per collector.
  static let linearLimit = 1.5

  func runs(_ strategy: Strategy, _ consumer: Consumer, _ collectors: Int) -> [CollectorsRun] {
    runs.filter { $0.strategy == strategy && $0.consumer == consumer && $0.collectors == collectors }
  }

  /// Per-collector cost at the largest N over that at the smallest, round by round.
  func growth(_ strategy: Strategy, _ consumer: Consumer) -> Summary? {
    guard let small = counts.first, let large = counts.last, large > small else { return nil }
    let ratios = (0..<rounds).compactMap { round -> Double? in
      let smallRun = runs(strategy, consumer, small).first { $0.round == round }
      let largeRun = runs(strategy, consumer, large).first { $0.round == round }
      guard let smallRun, let largeRun else { return nil }
      return largeRun.microsPerCollector / smallRun.microsPerCollector
    }
    return Summary(ratios)
  }
}
