import KotlinFixtures

/// Drives a `.virtual` clock for `dump --virtual-time`: the next delay runs only when everything
/// emitted so far has been printed — the Kotlin side is idle, no item waits in a buffer, every
/// handoff was picked up, the consumer waits for its next item, and the printed count stopped moving. So each value is printed at the virtual time it was emitted, and
/// the output is the same on every run, whatever the buffer policy.
enum VirtualTimeDriver {
  static func drive(_ scope: KotlinRuntimeScope, progress: ItemCount) async {
    var lastCount = -1
    var stableRounds = 0
    while !progress.isFinished {
      let idle = scope.waitUntilIdle(timeoutMillis: 5)
      let counts = scope.snapshot()
      // Every live collection's consumer waits for its next item (it printed what it had).
      let quiet =
        idle && counts.bufferedItems == 0 && scope.pendingHandoffs == 0
        && counts.waitingConsumers == counts.liveCollections
      let count = progress.value
      if quiet, count == lastCount {
        stableRounds += 1
      } else {
        stableRounds = 0
        lastCount = count
      }
      if stableRounds >= 3 {
        stableRounds = 0
        // Nothing runnable and nothing left to print: time may move on to the next delay. With
        // none pending (a state flow waiting for changes), wait briefly before looking again.
        if !scope.runNextDelay() { try? await Task.sleep(for: .milliseconds(1)) }
      } else {
        await Task.yield()
      }
    }
  }
}
