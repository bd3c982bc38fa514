/// The machine-readable report: one JSON document.
enum JSONReport {
  static func document(_ report: BenchReport) -> JSON {
    var members: [(String, JSON)] = [
      ("tool", .string("flowbench")),
      ("options", options(report.options)),
      ("bulk", .array(report.bulk.map(bulk))),
    ]
    if let hammer = report.hammer { members.append(("stateFlowHammer", self.hammer(hammer))) }
    if let collectors = report.collectors { members.append(("manyCollectors", self.collectors(collectors))) }
    if let host = report.host {
      members.append(
        (
          "host",
          .object([
            ("tests", .integer(host.tests)), ("rounds", .integer(host.rounds)),
            ("millisPerTest", .summary(host.millisPerTest)),
            ("idleSettleMicrosP50", .summary(host.idleSettleMicros(0.5))),
            ("idleSettleMicrosP99", .summary(host.idleSettleMicros(0.99))),
            ("idleSettleMicrosMax", .summary(host.idleSettleMicros(1))),
            ("mountSettleUnmountPerSecond", .summary(host.mountSettleUnmountPerSecond)),
            ("turbineThreeItemsPerSecond", .summary(host.turbinePerSecond)),
            ("leakCheckScopesPerSecond", .summary(host.leakCheckScopesPerSecond)),
          ])
        ))
    }
    if let leaks = report.leaks { members.append(("kotlinRuntime", self.leaks(leaks))) }
    members.append(("problems", .array(report.problems.map(JSON.string))))
    members.append(("wallSeconds", .number(report.wallSeconds)))
    members.append(("loadAverageBefore", .number(report.loadBefore)))
    members.append(("loadAverageAfter", .number(report.loadAfter)))
    return .object(members)
  }

  private static func options(_ options: Options) -> JSON {
    .object([
      ("quick", .bool(options.quick)), ("intCount", .integer(options.intCount)),
      ("stringCount", .integer(options.stringCount)), ("perElementCount", .integer(options.perElementCount)),
      ("rounds", .integer(options.rounds)), ("hammerSeconds", .number(options.hammerSeconds)),
      ("setsPerSecond", .number(options.setsPerSecond)),
      ("collectorCounts", .array(options.collectorCounts.map(JSON.integer))),
      ("strategies", .array(Strategy.allCases.filter(options.strategies.contains).map { .string($0.key) })),
      ("workloads", .array(Options.Workload.allCases.filter(options.workloads.contains).map { .string($0.rawValue) })),
    ])
  }

  private static func bulk(_ result: BulkResult) -> JSON {
    var members: [(String, JSON)] = [("workload", .string(result.key)), ("title", .string(result.title))]
    if let unavailable = result.unavailable {
      return .object(members + [("available", .bool(false)), ("reason", .string(unavailable))])
    }
    members += [
      ("available", .bool(true)), ("count", .integer(result.count)),
      ("perElementCount", .integer(result.perElementCount)), ("rounds", .integer(result.rounds)),
      (
        "rows",
        .array(
          result.rows.map { row in
            .object([
              ("strategy", .string(row.strategy.key)), ("consumer", .string(row.consumer.key)),
              ("elements", .integer(row.elements)), ("elementsPerSecond", .summary(row.elementsPerSecond)),
              ("ratioToBaselineA", .summary(row.versusA)), ("ratioToBaselineB", .summary(row.versusB)),
              ("peakRSSGrowthMB", .summary(row.rssGrowthMB)),
            ])
          })
      ),
      (
        "skipped",
        .array([.object([("strategy", .string(Strategy.conflated.key)), ("reason", .string(Strategy.bulkSkipNote))])])
      ),
      ("problems", .array(result.problems.map(JSON.string))),
    ]
    return .object(members)
  }

  private static func hammer(_ result: HammerResult) -> JSON {
    .object([
      ("seconds", .number(result.seconds)), ("targetSetsPerSecond", .number(result.targetSetsPerSecond)),
      ("finalWaitSeconds", .number(result.finalWaitSeconds)), ("rounds", .integer(result.rounds)),
      ("flatDriftLimitMB", .number(HammerRun.flatDriftLimitMB)),
      (
        "runs",
        .array(
          result.runs.map { run in
            .object([
              ("strategy", .string(run.strategy.key)), ("round", .integer(run.round + 1)),
              ("windowSeconds", .number(run.windowSeconds)), ("sets", .integer(run.sets)),
              ("setsPerSecond", .number(run.setsPerSecond)), ("rendersInWindow", .integer(run.rendersInWindow)),
              ("renders", .integer(run.renders)), ("rendersPerSecond", .number(run.rendersPerSecond)),
              ("latencyP50Millis", .number(run.p50Millis)), ("latencyP99Millis", .number(run.p99Millis)),
              ("latencyMaxMillis", .number(run.latency.maxMillis)), ("lappedRenders", .integer(run.lappedRenders)),
              ("rssPeakGrowthMB", .number(run.rssPeakGrowthMB)), ("rssDriftMB", .number(run.rssDriftMB)),
              ("memoryFlat", .bool(run.memoryFlat)), ("rendersWithinUpdates", .bool(run.rendersWithinUpdates)),
              ("finalValue", .integer(Int(run.finalValue))), ("finalRendered", .bool(run.finalRendered)),
              ("finalShownMillis", .number(run.finalShownMillis)),
              ("settleMillis", .number(run.settleMillis)), ("settleError", run.settleError.map(JSON.string) ?? .null),
            ])
          })
      ),
    ])
  }

  private static func collectors(_ result: CollectorsResult) -> JSON {
    var growth: [JSON] = []
    for strategy in Strategy.stateFlow {
      for consumer in Consumer.allCases where result.runs.contains(where: { $0.strategy == strategy }) {
        let ratio = result.growth(strategy, consumer)
        growth.append(
          .object([
            ("strategy", .string(strategy.key)), ("consumer", .string(consumer.key)),
            ("perCollectorCostRatio", .summary(ratio)),
            ("linear", ratio.map { .bool($0.median <= CollectorsResult.linearLimit) } ?? .null),
          ]))
      }
    }
    return .object([
      ("counts", .array(result.counts.map(JSON.integer))), ("rounds", .integer(result.rounds)),
      ("linearLimit", .number(CollectorsResult.linearLimit)),
      (
        "runs",
        .array(
          result.runs.map { run in
            .object([
              ("strategy", .string(run.strategy.key)), ("consumer", .string(run.consumer.key)),
              ("collectors", .integer(run.collectors)), ("round", .integer(run.round + 1)),
              ("seconds", .number(run.seconds)), ("microsPerCollector", .number(run.microsPerCollector)),
            ])
          })
      ),
      ("growth", .array(growth)),
      ("problems", .array(result.problems.map(JSON.string))),
    ])
  }

  private static func leaks(_ check: LeakCheck) -> JSON {
    let snapshot = check.snapshot
    return .object([
      ("backToZero", .bool(check.clean)), ("liveStableRefs", .integer(snapshot.liveStableRefs)),
      ("liveCollections", .integer(snapshot.liveCollections)), ("pendingCalls", .integer(snapshot.pendingCalls)),
      ("misuses", .integer(snapshot.misuses)), ("collectionsStarted", .integer(snapshot.collectionsStarted)),
      ("producerFinallyRuns", .integer(snapshot.producerFinallyRuns)),
    ])
  }
}
