/// The human-readable report: one table per workload, then the checks.
enum TableReport {
  static func lines(_ report: BenchReport) -> [String] {
    var lines = ["flowbench — rounds: \(report.options.rounds); every cell is median [min–max] over rounds"]
    for result in report.bulk { lines += [""] + bulk(result) }
    if let hammer = report.hammer { lines += [""] + self.hammer(hammer) }
    if let collectors = report.collectors { lines += [""] + self.collectors(collectors) }
    if let host = report.host { lines += [""] + self.host(host) }
    lines.append("")
    if let leaks = report.leaks { lines.append(leaks.warning ?? "Kotlin runtime back to zero: \(leaks.snapshot)") }
    for problem in report.problems { lines.append("problem: \(problem)") }
    let load = [report.loadBefore, report.loadAfter].map { $0.map { Format.fixed($0, 2) } ?? "-" }
    let wall = Format.fixed(report.wallSeconds, 1)
    lines.append("wall time: \(wall) s; load average before/after: \(load[0]) / \(load[1])")
    return lines
  }

  private static func bulk(_ result: BulkResult) -> [String] {
    guard result.unavailable == nil else { return ["\(result.title): \(result.unavailable!)"] }
    var lines = [
      "\(result.title): \(result.count) elements (\(result.perElementCount) for per-element strategies), "
        + "ratios pair by pair within a round, same consumer"
    ]
    var table = TextTable(
      ["strategy", "consumer", "elements", "elements/s", "× baseline A", "× baseline B", "peak RSS +MB (max)"],
      rightAligned: [2, 6])
    for row in result.rows {
      table.add([
        row.strategy.rawValue, row.consumer.rawValue, String(row.elements),
        Format.summary(row.elementsPerSecond, Format.rate), Format.summary(row.versusA, Format.ratio),
        Format.summary(row.versusB, Format.ratio), Format.fixed(row.rssGrowthMB.max, 1),
      ])
    }
    lines += table.lines
    lines += result.notes.map { "note: \($0)" }
    return lines
  }

  private static func hammer(_ result: HammerResult) -> [String] {
    var lines = [
      "StateFlow hammer: Subject().counter set from one thread at \(Format.rate(result.targetSetsPerSecond))/s for "
        + "\(Format.fixed(result.seconds, 2)) s per run, shown by a @MainActor ObservingView in a HeadlessHost"
    ]
    var table = TextTable(
      [
        "strategy", "sets/s", "renders/s", "p50 ms", "p99 ms", "max ms", "RSS peak +MB", "RSS drift MB", "flat",
        "renders≤sets", "final shown", "settle ms", "final on screen ms",
      ], rightAligned: [6, 7, 11, 12])
    for strategy in Strategy.stateFlow {
      let runs = result.runs(of: strategy)
      guard !runs.isEmpty else { continue }
      table.add([
        strategy.rawValue, Format.summary(Summary(runs.map(\.setsPerSecond)), Format.rate),
        Format.summary(Summary(runs.map(\.rendersPerSecond)), Format.rate),
        Format.summary(Summary(runs.compactMap(\.p50Millis)), millis),
        Format.summary(Summary(runs.compactMap(\.p99Millis)), millis),
        Format.summary(Summary(runs.compactMap(\.latency.maxMillis)), millis),
        Format.fixed(runs.map(\.rssPeakGrowthMB).max() ?? 0, 1), Format.fixed(runs.map(\.rssDriftMB).max() ?? 0, 1),
        verdict(runs.map(\.memoryFlat)), verdict(runs.map(\.rendersWithinUpdates)), verdict(runs.map(\.finalRendered)),
        Format.fixed(runs.map(\.settleMillis).max() ?? 0, 0),
        runs.contains { $0.finalShownMillis == nil }
          ? "> \(Format.fixed(result.finalWaitSeconds * 1_000, 0))"
          : Format.fixed(runs.compactMap(\.finalShownMillis).max() ?? 0, 0),
      ])
    }
    lines += table.lines
    lines.append(
      "note: flat = RSS grew ≤ \(Format.fixed(HammerRun.flatDriftLimitMB, 0)) MB over the last three quarters of the "
        + "run; final shown = after the writer stopped, settle(), the frame shows the last value set; settle ms and "
        + "final on screen ms (max over rounds) count from the writer's stop")
    for run in result.runs where run.settleError != nil || run.lappedRenders > 0 {
      let what = run.settleError.map { "settle() failed: \($0)" } ?? "\(run.lappedRenders) renders of lapped values"
      lines.append("note: \(run.strategy.rawValue) round \(run.round + 1): \(what)")
    }
    return lines
  }

  private static func collectors(_ result: CollectorsResult) -> [String] {
    var lines = [
      "Many collectors: N concurrent collectors of one StateFlow, each taking its first 3 values while a writer "
        + "increments it"
    ]
    let counts = result.counts
    var headers = ["strategy", "consumer"]
    headers += counts.map { "N=\($0) total ms" } + counts.map { "N=\($0) µs/collector" }
    headers += ["per-collector ×\(counts.last ?? 0)/\(counts.first ?? 0)", "linear"]
    var table = TextTable(headers)
    for strategy in Strategy.stateFlow {
      for consumer in Consumer.allCases where result.runs.contains(where: { $0.strategy == strategy }) {
        var row = [strategy.rawValue, consumer.rawValue]
        row += counts.map { Format.summary(Summary(result.runs(strategy, consumer, $0).map { $0.seconds * 1e3 }), ms) }
        row += counts.map { Format.summary(Summary(result.runs(strategy, consumer, $0).map(\.microsPerCollector)), ms) }
        let growth = result.growth(strategy, consumer)
        row += [
          Format.summary(growth, Format.ratio),
          growth.map { $0.median <= CollectorsResult.linearLimit ? "yes" : "no" } ?? "-",
        ]
        table.add(row)
      }
    }
    lines += table.lines
    lines.append(
      "note: linear = per-collector cost at the largest N within \(Format.fixed(CollectorsResult.linearLimit, 1))× "
        + "that at the smallest (median of per-round ratios)")
    return lines
  }

  private static func host(_ result: HostResult) -> [String] {
    [
      "Host: \(result.tests) view tests per round (mount seed 002's counter, settle, tap, settle, unmount)",
      "per test ms: \(Format.summary(result.millisPerTest, millis))",
      "idle settle() µs (nothing pending): p50 \(Format.summary(result.idleSettleMicros(0.5), millis)); "
        + "p99 \(Format.summary(result.idleSettleMicros(0.99), millis)); "
        + "max \(Format.summary(result.idleSettleMicros(1), millis))",
      "harness per second: mount → settle → unmount \(Format.summary(result.mountSettleUnmountPerSecond, rate)); "
        + "Turbine test { } of 3 items \(Format.summary(result.turbinePerSecond, rate)); "
        + "withKotlinLeakCheck scope \(Format.summary(result.leakCheckScopesPerSecond, rate))",
    ]
  }

  private static func rate(_ value: Double) -> String { Format.fixed(value, 0) }
  private static func millis(_ value: Double) -> String { Format.fixed(value, value < 10 ? 2 : 1) }
  private static func ms(_ value: Double) -> String { Format.fixed(value, value < 10 ? 2 : (value < 100 ? 1 : 0)) }

  private static func verdict(_ values: [Bool]) -> String {
    let yes = values.filter { $0 }.count
    return yes == values.count ? "yes" : (yes == 0 ? "no" : "\(yes)/\(values.count)")
  }
}
