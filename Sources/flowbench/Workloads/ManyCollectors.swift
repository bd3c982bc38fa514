import KotlinFixtures

/// Workload 4: N concurrent collectors of one StateFlow, each taking its first 3 values while a
/// writer increments it. Measures the total time, hence the cost per collector as N grows.
/// Collectors leave their loops (cancelling their collections) once all have their values and the
/// writer has stopped: see `CollectorGate` for the kotlin-stub race this avoids.
@MainActor
func runCollectors(counts: [Int], strategies: [Strategy], rounds: Int, log: (String) -> Void) async
  -> CollectorsResult
{
  var runs: [CollectorsRun] = []
  var problems: [String] = []
  for round in 0..<rounds {
    for count in counts {
      for consumer in rotated(Consumer.allCases, round: round) {
        for strategy in rotated(strategies, round: round) {
          do {
            let run = try await collectorsOnce(count, strategy, consumer, round: round)
            runs.append(run)
            log(
              "many collectors round \(round + 1)/\(rounds) N=\(count) \(strategy.rawValue) \(consumer.rawValue): "
                + "\(Format.fixed(run.seconds * 1_000, 1)) ms")
          } catch {
            problems.append("N=\(count) \(strategy.rawValue) \(consumer.rawValue) round \(round + 1): \(error)")
          }
        }
      }
    }
  }
  return CollectorsResult(counts: counts, rounds: rounds, runs: runs, problems: problems)
}

@MainActor
private func collectorsOnce(_ count: Int, _ strategy: Strategy, _ consumer: Consumer, round: Int) async throws
  -> CollectorsRun
{
  settleKotlin()
  let subject = Subject()
  let counter: any KotlinTypedStateFlow<Int32> = subject.counter
  let gate = CollectorGate(expected: count)
  let writer = StateFlowWriter(subject.counter, stamps: nil)
  let start = MonotonicClock.nanos()
  let collectors: Task<Int, any Error>
  switch consumer {
  case .offMain:
    collectors = Task.detached {
      try await withThrowingTaskGroup(of: Int.self) { group in
        for _ in 0..<count {
          group.addTask { try await takeFirstThree(of: counter, through: strategy, gate: gate, isolation: nil) }
        }
        var total = 0
        for try await taken in group { total += taken }
        return total
      }
    }
  case .mainActor:
    collectors = Task { try await takeFirstThreeOnMain(count, of: counter, through: strategy, gate: gate) }
  }
  await gate.allArrived()
  let arrived = MonotonicClock.nanos()
  _ = writer.stop()
  gate.open()
  let taken = try await collectors.value
  let end = MonotonicClock.nanos()
  guard taken == 3 * count else {
    throw RawCollectionError(message: "the collectors took \(taken) values in all, not \(3 * count)")
  }
  return CollectorsRun(
    strategy: strategy, consumer: consumer, collectors: count, round: round,
    seconds: MonotonicClock.seconds(from: start, to: end),
    secondsToValues: MonotonicClock.seconds(from: start, to: arrived))
}

/// `count` tasks on the main actor, each taking the first three values.
@MainActor
private func takeFirstThreeOnMain(
  _ count: Int, of flow: any KotlinTypedStateFlow<Int32>, through strategy: Strategy, gate: CollectorGate
) async throws -> Int {
  var tasks: [Task<Int, any Error>] = []
  tasks.reserveCapacity(count)
  for _ in 0..<count {
    tasks.append(
      Task { @MainActor in
        try await takeFirstThree(of: flow, through: strategy, gate: gate, isolation: MainActor.shared)
      })
  }
  var total = 0
  for task in tasks { total += try await task.value }
  return total
}

/// The first three values of `flow` through `strategy`; then waits at the gate and leaves the
/// loop, which cancels the collection.
private func takeFirstThree(
  of flow: any KotlinTypedStateFlow<Int32>, through strategy: Strategy, gate: CollectorGate,
  isolation: isolated (any Actor)?
) async throws -> Int {
  switch strategy {
  case .baselineA: try await takeFirstThree(baselineAStream(kotlinRef(of: flow), of: Int32.self), gate)
  case .baselineB: try await takeFirstThree(BaselineBSequence<Int32>(flow: kotlinRef(of: flow)), gate)
  case .rendezvous, .batched, .conflated:
    try await takeFirstThree(flow.asAsyncSequence(bufferingPolicy: strategy.policy!), gate)
  }
}

private func takeFirstThree<S: AsyncSequence>(
  _ sequence: S, _ gate: CollectorGate, isolation: isolated (any Actor)? = #isolation
) async throws -> Int {
  var taken = 0
  for try await _ in sequence {
    taken += 1
    if taken == 3 {
      await gate.arrive()
      break
    }
  }
  return taken
}
