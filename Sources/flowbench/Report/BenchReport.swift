/// Everything one run of flowbench measured.
struct BenchReport: Sendable {
  let options: Options
  var bulk: [BulkResult] = []
  var hammer: HammerResult?
  var collectors: CollectorsResult?
  var host: HostResult?
  var leaks: LeakCheck?
  var wallSeconds = 0.0
  /// The machine's 1-minute load average before and after the run (2 cores: above 2, neighbours
  /// compete for the CPU and every number is noisier).
  var loadBefore: Double?
  var loadAfter: Double?

  var problems: [String] {
    bulk.flatMap { result in result.problems.map { "\(result.title): \($0)" } }
      + (collectors?.problems.map { "many collectors: \($0)" } ?? [])
      + (host?.problems.map { "host: \($0)" } ?? [])
  }
}
