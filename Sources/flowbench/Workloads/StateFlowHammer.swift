import KotlinFixtures

#if canImport(Glibc)
  import Glibc
#endif

/// Workload 3: one thread sets `Subject().counter` at `setsPerSecond` while a @MainActor
/// `ObservingView` in a `HeadlessHost` shows it. Measures renders, set→render latency, memory
/// during the run, and that the last value set is the one shown once the writer stopped.
@MainActor
func runHammer(
  seconds: Double, setsPerSecond: Double, finalWaitSeconds: Double, strategies: [Strategy], rounds: Int,
  log: (String) -> Void
) async -> HammerResult {
  // A stamp for every value of a run (up to 16 M values; older ones give lower bounds).
  let expected = seconds * setsPerSecond * 1.25
  let stamps = SetStamps(capacityLog2: min(24, max(16, Int(log2(expected).rounded(.up)))))
  var runs: [HammerRun] = []
  for round in 0..<rounds {
    for strategy in rotated(strategies, round: round) {
      let run = await hammerOnce(
        strategy, seconds: seconds, rate: setsPerSecond, finalWait: finalWaitSeconds, stamps: stamps, round: round)
      runs.append(run)
      log(
        "StateFlow hammer round \(round + 1)/\(rounds) \(strategy.rawValue): \(Format.rate(run.setsPerSecond)) sets/s, "
          + "\(Format.rate(run.rendersPerSecond)) renders/s, p99 \(Format.fixed(run.p99Millis ?? .nan, 2)) ms")
    }
  }
  return HammerResult(
    seconds: seconds, targetSetsPerSecond: setsPerSecond, finalWaitSeconds: finalWaitSeconds, rounds: rounds, runs: runs
  )
}

@MainActor
private func hammerOnce(
  _ strategy: Strategy, seconds: Double, rate: Double, finalWait: Double, stamps: SetStamps, round: Int
) async -> HammerRun {
  settleKotlin()
  let subject = Subject()
  stamps.reset()
  let probe = RenderProbe(stamps: stamps)
  let host = mountObserver(of: subject.counter, through: strategy, probe: probe)
  try? await host.settle(.seconds(3))  // the view's collection is running before the first set
  let rendersBefore = probe.renders
  let base = MemoryProbe.begin()
  let sampler = RSSSampler()
  let start = MonotonicClock.nanos()
  let writer = StateFlowWriter(subject.counter, stamps: stamps, setsPerSecond: rate)
  try? await Task.sleep(for: .milliseconds(Int(seconds * 1_000)))
  let finalValue = writer.stop()
  let end = MonotonicClock.nanos()
  let rendersInWindow = probe.renders - rendersBefore
  let samples = sampler.stop()
  let peakGrowth = MemoryProbe.peakGrowthMB(since: base)
  var settleError: String?
  do {
    try await host.settle(.seconds(30))
  } catch {
    settleError = "\(error)"
  }
  let settled = MonotonicClock.nanos()
  let shownAfterSettle = host.render() == "Text \"\(finalValue)\"" && probe.lastRendered == finalValue
  let shownAt = shownAfterSettle ? settled : await waitUntilShown(finalValue, host: host, seconds: finalWait)
  await host.unmount()
  let window = MonotonicClock.seconds(from: start, to: end)
  return HammerRun(
    strategy: strategy, round: round, windowSeconds: window, sets: Int(finalValue),
    rendersInWindow: rendersInWindow, renders: probe.renders - rendersBefore,
    latency: probe.histogram, lappedRenders: probe.lappedRenders, rssPeakGrowthMB: peakGrowth,
    rssDriftMB: HammerRun.drift(samples), finalValue: finalValue,
    finalRendered: shownAfterSettle, finalShownMillis: shownAt.map { Double($0 - end) / 1e6 },
    settleMillis: Double(settled - end) / 1e6, settleError: settleError)
}

/// When `settle()` returned before the last value was shown (a consumer that hops off the main
/// actor between elements looks quiet to it): keeps rendering until it is, for up to `seconds`, and
/// returns when (or `nil`).
@MainActor
private func waitUntilShown(_ value: Int32, host: HammerHost, seconds: Double) async -> UInt64? {
  let deadline = MonotonicClock.nanos() + UInt64(seconds * 1e9)
  while MonotonicClock.nanos() < deadline {
    if host.render() == "Text \"\(value)\"" { return MonotonicClock.nanos() }
    try? await Task.sleep(for: .milliseconds(1))
  }
  return nil
}
