// flowbench (issue 8): the adaptor against two per-element baselines, every workload through
// every strategy in one process, rounds alternating the strategies. See `--help`.
#if canImport(Glibc)
  import Glibc
#endif

let options: Options
do {
  guard let parsed = try OptionParser.parse(Array(CommandLine.arguments.dropFirst())) else {
    Console.out(Options.usage)
    exit(0)
  }
  options = parsed
} catch {
  Console.error("flowbench: \(error.message)")
  Console.error(Options.usage)
  exit(64)
}

let start = MonotonicClock.nanos()
let progress: (String) -> Void = { Console.error("· \($0)") }
var report = BenchReport(options: options)
report.loadBefore = LoadAverage.oneMinute()
if options.workloads.contains(.ints) {
  let workload = BulkWorkload<Int32>.ints(count: options.intCount, perElementCount: options.perElementCount)
  report.bulk.append(
    await runBulk(workload, strategies: options.strategies(Strategy.bulk), rounds: options.rounds, log: progress))
}
if options.workloads.contains(.strings) {
  let workload = BulkWorkload<String>.strings(count: options.stringCount, perElementCount: options.perElementCount)
  report.bulk.append(
    await runBulk(workload, strategies: options.strategies(Strategy.bulk), rounds: options.rounds, log: progress))
}
if options.workloads.contains(.hammer) {
  report.hammer = await runHammer(
    seconds: options.hammerSeconds, setsPerSecond: options.setsPerSecond, finalWaitSeconds: options.finalWaitSeconds,
    strategies: options.strategies(Strategy.stateFlow),
    rounds: options.rounds, log: progress)
}
if options.workloads.contains(.collectors) {
  report.collectors = await runCollectors(
    counts: options.collectorCounts, strategies: options.strategies(Strategy.stateFlow), rounds: options.rounds,
    log: progress)
}
if options.workloads.contains(.host) {
  report.host = await runHost(tests: options.hostTests, rounds: options.rounds, log: progress)
}
report.leaks = LeakCheck.run()
report.loadAfter = LoadAverage.oneMinute()
report.wallSeconds = MonotonicClock.seconds(from: start, to: MonotonicClock.nanos())

if options.json {
  Console.out(JSONReport.document(report).serialized())
} else {
  for line in TableReport.lines(report) { Console.out(line) }
}
if let warning = report.leaks?.warning { Console.error(warning) }
exit(report.problems.isEmpty ? 0 : 1)
