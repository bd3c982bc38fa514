import KotlinFixtures

/// Drives a `.virtual` clock for `dump --virtual-time`: the next delay runs only when everything
/// emitted so far has been printed — the Kotlin side is idle, no item waits in a buffer, every
/// handoff was picked up, the consumer waits for its next item, and the printed count stopped moving
/// (three readings in a row). So each value is printed at the virtual time it was emitted, and the
/// output is the same on every run, whatever the buffer policy.
enum VirtualTimeDriver {
  /// What a drive did, for tests: the delays it ran, the times it yielded to let work move, and
  /// how many of those yields were made while all was quiet and the count unchanged (two a delay
  /// before issue 28's fix, none since).
  struct Rounds: Equatable {
    var delays = 0
    var yields = 0
    var quietYields = 0
  }

  @discardableResult
  static func drive(_ scope: KotlinRuntimeScope, progress: ItemCount) async -> Rounds {
    var rounds = Rounds()
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
      let unchanged = quiet && count == lastCount
      if unchanged {
        stableRounds += 1
      } else {
        stableRounds = 0
        lastCount = count
      }
      if stableRounds >= 3 {
        stableRounds = 0
        // Nothing runnable and nothing left to print: time may move on to the next delay. With
        // none pending (a state flow waiting for changes), wait briefly before looking again.
        if scope.runNextDelay() {
          rounds.delays += 1
        } else {
          try? await Task.sleep(for: .milliseconds(1))
        }
      } else if stableRounds == 0 {
        // Something moves (an item on its way to the consumer, the consumer not yet back to waiting,
        // or the count just changed): let it.
        rounds.yields += 1
        if unchanged { rounds.quietYields += 1 }
        await Task.yield()
      }
      // Quiet and unchanged: read the counters again at once. A yield here cost two thread
      // switches a round, about half of a delay-only script's time (issue 28), and bought nothing:
      // quiet already means the consumer waits for an item with none buffered or handed over, so
      // it has printed all it had, and only the next delay (run by this loop) can change that.
    }
    return rounds
  }
}
