/// What to run, at which sizes. `--quick` picks small sizes; explicit flags win over it.
struct Options: Sendable {
  enum Workload: String, CaseIterable, Sendable {
    case ints = "int"
    case strings = "string"
    case hammer
    case collectors
    case host
  }

  var intCount = 10_000_000
  var stringCount = 1_000_000
  var perElementCount = 200_000
  var rounds = 3
  var hammerSeconds = 2.0
  var setsPerSecond = 2_000_000.0
  /// How long the hammer waits for the last value to reach the screen once `settle()` returned.
  var finalWaitSeconds = 30.0
  var collectorCounts = [1_000, 10_000]
  var hostTests = 1_000
  var workloads = Set(Workload.allCases)
  var strategies = Set(Strategy.allCases)
  var json = false
  var quick = false

  /// `all` in their order, less those not chosen.
  func strategies(_ all: [Strategy]) -> [Strategy] { all.filter(strategies.contains) }

  static let quick = Options(
    intCount: 200_000, stringCount: 50_000, perElementCount: 10_000, rounds: 2, hammerSeconds: 0.2,
    finalWaitSeconds: 1, collectorCounts: [100, 1_000], hostTests: 100,
    quick: true)

  static let usage = """
    usage: flowbench [--quick] [--json] [--count N] [--string-count N] [--per-element-count N]
                     [--rounds R] [--hammer-seconds S] [--set-rate N] [--collectors N,N,...]
                     [--host-tests N] [--workloads LIST] [--strategies LIST] [--help]

    Benchmarks the Kotlin flow adaptor against two per-element baselines, in one process, round
    after round with the strategies alternating; reports medians, min–max and ratios per round.

      --quick             small sizes, a few seconds in all (a CI smoke test; no thresholds)
      --json              one JSON document on stdout instead of tables
      --count N           Flow<Int> elements (default 10000000; --quick 200000)
      --string-count N    Flow<String> elements (default 1000000; --quick 50000)
      --per-element-count N
                          elements for the strategies that take one element per hand-over (both
                          baselines, ours rendezvous) when fewer than the count (default 200000;
                          --quick 10000)
      --rounds R          rounds per workload (default 3; --quick 2)
      --hammer-seconds S  StateFlow hammer duration per run (default 2; --quick 0.2)
      --set-rate N        StateFlow sets per second in the hammer (default 2000000); the writer
                          spins between sets and runs flat out when it cannot keep up
      --collectors LIST   collector counts for the many-collectors workload (default 1000,10000;
                          --quick 100,1000)
      --host-tests N      view tests per round in the host workload: mount seed 002's counter,
                          settle, tap, settle, unmount (default 1000; --quick 100)
      --workloads LIST    which workloads to run, from int,string,hammer,collectors,host (default all)
      --strategies LIST   which strategies to run, from baselineA,baselineB,oursRendezvous,
                          oursBatched,oursConflated (default all; ratios need the baselines)
      --help              this text
    """
}
