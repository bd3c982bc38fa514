import FlowTesting
import KotlinBridge
import KotlinTestDoubles
import Locking
import Testing

/// A flow that emits `values[i]` at virtual time `times[i]` (milliseconds from the start).
private func timed<Element: Sendable>(_ schedule: [(Int, Element)]) -> ColdFlow<Element> {
  flow { collector in
    var now: Int64 = 0
    for (millis, value) in schedule {
      let time = Int64(millis)
      if time > now { try await delay(time - now) }
      now = time
      try await collector.emit(value)
    }
  }
}

/// Collects `flow`, recording each value with the virtual time (from the collection's start) it
/// arrived at. The time is read in a Kotlin body (`map`), which counts as running work: the clock
/// cannot move between the value's arrival and the reading, as it could in the test's own code under
/// `.virtualAutoAdvance`. The collection itself runs in a Kotlin body too (`kotlinSuspend`), as
/// Kotlin's `runTest` body is a coroutine: between two values the clock moves only when every
/// coroutine waits, never while the collector is between two requests.
private func timeline<Element: Sendable>(_ flow: some KotlinTypedFlow<Element>) async throws -> [String] {
  let scope = try #require(KotlinRuntimeScope.current)
  let start = Locked<Int64>(0)
  let stamped = flow.onStart { _ in start.withLock { $0 = scope.currentTimeMillis } }
    .map { "\($0)@\(scope.currentTimeMillis - start.withLock { $0 })" }
  return try await kotlinSuspend { try await stamped.toList() }
}

@Suite("Flow operators: sequential", .kotlinLeakCheck(clock: .virtualAutoAdvance), .timeLimit(.minutes(1)))
struct SequentialOperatorTests {
  @Test("map, filter, mapNotNull, onEach, scan, drop, take, transform")
  func transforms() async throws {
    let seen = Locked<[Int32]>([])
    let numbers = flowOf(contentsOf: Array(Int32(1)...6))
    #expect(try await numbers.map { $0 * 10 }.toList() == [10, 20, 30, 40, 50, 60])
    #expect(try await numbers.filter { $0 % 2 == 0 }.toList() == [2, 4, 6])
    #expect(try await numbers.filterNot { $0 % 2 == 0 }.toList() == [1, 3, 5])
    #expect(try await numbers.mapNotNull { $0 > 4 ? "n\($0)" : nil }.toList() == ["n5", "n6"])
    #expect(try await numbers.onEach { n in seen.withLock { $0.append(n) } }.take(2).toList() == [1, 2])
    #expect(seen.withLock { $0 } == [1, 2])  // take(2) cancelled the upstream after its second value
    #expect(try await numbers.scan(Int32(0)) { $0 + $1 }.toList() == [0, 1, 3, 6, 10, 15, 21])
    #expect(try await numbers.drop(4).toList() == [5, 6])
    #expect(try await numbers.takeWhile { $0 < 3 }.toList() == [1, 2])
    #expect(try await numbers.dropWhile { $0 < 5 }.toList() == [5, 6])
    let doubled = numbers.take(2).transform { (collector: FlowCollector<Int32>, n) in
      try await collector.emit(n)
      try await collector.emit(n)
    }
    #expect(try await doubled.toList() == [1, 1, 2, 2])
    #expect(try await flowOf(Int32(1), nil, 3).filterNotNull().toList() == [1, 3])
  }

  @Test("distinctUntilChanged drops only consecutive repeats; distinctUntilChangedBy compares keys")
  func distinct() async throws {
    #expect(try await flowOf(1, 1, 2, 2, 1, 3, 3).distinctUntilChanged().toList() == [1, 2, 1, 3])
    #expect(
      try await flowOf("a", "A", "b", "B", "a").distinctUntilChangedBy { $0.lowercased() }.toList() == ["a", "b", "a"])
  }

  @Test("take cancels an endless upstream, whose finally runs; take(0) fails as Kotlin's require does")
  func takeCancelsUpstream() async throws {
    let finallyRan = Locked(false)
    let endless = flow { (collector: FlowCollector<Int32>) in
      defer { finallyRan.withLock { $0 = true } }
      var n: Int32 = 0
      while true {
        try await collector.emit(n)
        n += 1
      }
    }
    #expect(try await endless.take(3).toList() == [0, 1, 2])
    try await KotlinRuntimeScope.current!.waitForQuiet()
    #expect(finallyRan.withLock { $0 })
    await #expect(throws: ExportedKotlinPackages.kotlin.IllegalArgumentException.self) {
      _ = try await endless.take(0).toList()
    }
  }

  @Test("first, firstOrNull, first(where:); first of an empty flow is NoSuchElementException")
  func firstValues() async throws {
    #expect(try await flowOf(3, 4).first() == 3)
    #expect(try await flowOf(3, 4, 5).first { $0 > 3 } == 4)
    #expect(try await emptyFlow(of: Int32.self).firstOrNull() == nil)
    do {
      _ = try await emptyFlow(of: Int32.self).first()
      Issue.record("first() of an empty flow returned")
    } catch let error as ExportedKotlinPackages.kotlin.Throwable {
      #expect(error.className == "kotlin.NoSuchElementException")
      #expect(error.message == "Expected at least one element")
    }
  }

  @Test("catch handles an upstream failure with a fallback; a downstream failure passes it by")
  func catchIsTransparent() async throws {
    let failing = flow { (collector: FlowCollector<String>) in
      try await collector.emit("a")
      throw ExportedKotlinPackages.kotlin.IllegalStateException(message: "network")
    }
    let recovered = failing.catch { collector, error in
      try await collector.emit("fallback after \((error as? ExportedKotlinPackages.kotlin.Throwable)?.message ?? "")")
    }
    #expect(try await recovered.toList() == ["a", "fallback after network"])

    let caught = Locked(0)
    let downstreamFails = flowOf("x").catch { _, _ in caught.withLock { $0 += 1 } }.map { (value: String) -> String in
      throw ExportedKotlinPackages.kotlin.IllegalArgumentException(message: "downstream \(value)")
    }
    await #expect(throws: ExportedKotlinPackages.kotlin.IllegalArgumentException.self) {
      _ = try await downstreamFails.toList()
    }
    #expect(caught.withLock { $0 } == 0)
  }

  @Test("retry collects again after a failure the predicate accepts, up to its count")
  func retryCollectsAgain() async throws {
    let attempts = Locked(0)
    let flaky = flow { (collector: FlowCollector<Int32>) in
      let attempt = attempts.withLock {
        $0 += 1
        return $0
      }
      try await collector.emit(Int32(attempt))
      if attempt < 3 { throw ExportedKotlinPackages.kotlin.IllegalStateException(message: "attempt \(attempt)") }
    }
    #expect(try await flaky.retry(5).toList() == [1, 2, 3])
    attempts.withLock { $0 = 0 }
    await #expect(throws: ExportedKotlinPackages.kotlin.IllegalStateException.self) {
      _ = try await flaky.retry(1).toList()
    }
    #expect(attempts.withLock { $0 } == 2)
    attempts.withLock { $0 = 0 }
    await #expect(throws: ExportedKotlinPackages.kotlin.IllegalStateException.self) {
      _ = try await flaky.retry { _ in false }.toList()
    }
    #expect(attempts.withLock { $0 } == 1)
  }

  @Test("onStart emits first; onCompletion sees nil, the failure, or the cancellation")
  func startAndCompletion() async throws {
    let causes = Locked<[String]>([])
    let record: @Sendable (FlowCollector<String>, (any Error)?) async throws -> Void = { collector, cause in
      causes.withLock { $0.append(cause == nil ? "completed" : cause is CancellationError ? "cancelled" : "failed") }
      if cause == nil { try await collector.emit("done") }
    }
    #expect(
      try await flowOf("a").onStart { try await $0.emit("start") }.onCompletion(record).toList() == [
        "start", "a", "done",
      ])
    let failing = flow { (_: FlowCollector<String>) in
      throw ExportedKotlinPackages.kotlin.IllegalStateException(message: "x")
    }
    await #expect(throws: ExportedKotlinPackages.kotlin.IllegalStateException.self) {
      _ = try await failing.onCompletion(record).toList()
    }
    let endless = flow { (collector: FlowCollector<String>) in
      try await collector.emit("first")
      try await awaitCancellation()
    }
    #expect(try await endless.onCompletion(record).first() == "first")
    try await KotlinRuntimeScope.current!.waitForQuiet()
    #expect(causes.withLock { $0 } == ["completed", "failed", "cancelled"])
  }

  @Test("flatMapConcat collects each inner flow to its end in turn")
  func flatMapConcat() async throws {
    let flattened = flowOf(Int32(1), 2).flatMapConcat { n in timed([(10, n * 10), (20, n * 10 + 1)]) }
    let got = try await timeline(flattened)
    #expect(got == ["10@10", "11@20", "20@30", "21@40"], "\(got)")
  }

  @Test("buffer and conflate keep every value, and the latest, for a consumer")
  func bufferAndConflate() async throws {
    let numbers = flowOf(contentsOf: Array(Int32(1)...100))
    #expect(try await numbers.buffer(8).toList() == Array(1...100))
    let conflated = try await numbers.conflate().toList()
    #expect(conflated.last == 100 && conflated == conflated.sorted())
  }
}

@Suite(
  "Flow operators: concurrent, on virtual time", .kotlinLeakCheck(clock: .virtualAutoAdvance), .timeLimit(.minutes(1)))
struct ConcurrentOperatorTests {
  @Test("combine waits for every flow's first value, then emits on each new value, and completes with all")
  func combineLatest() async throws {
    let numbers = timed([(0, Int32(1)), (150, 2)])
    let letters = timed([(100, "x"), (200, "y")])
    let combined = combine(numbers, letters) { "\($0)\($1)" }
    let got = try await timeline(combined)
    #expect(got == ["1x@100", "2x@150", "2y@200"], "\(got)")
    let three = combine(numbers, letters, timed([(50, true)])) { "\($0)\($1)\($2)" }
    #expect(try await timeline(three) == ["1xtrue@100", "2xtrue@150", "2ytrue@200"])
  }

  @Test("combine of a flow that never emits never emits; a failing flow fails the combine")
  func combineEdges() async throws {
    let silent = emptyFlow(of: Int32.self)
    #expect(try await combine(flowOf(Int32(1)), silent) { $0 + $1 }.toList() == [])
    let failing = timed([(10, Int32(1))]).onCompletion { _, cause in
      if cause == nil { throw ExportedKotlinPackages.kotlin.IllegalStateException(message: "late") }
    }
    let endless = flow { (collector: FlowCollector<Int32>) in
      try await collector.emit(0)
      try await awaitCancellation()
    }
    await #expect(throws: ExportedKotlinPackages.kotlin.IllegalStateException.self) {
      _ = try await combine(failing, endless) { $0 + $1 }.toList()
    }
  }

  @Test("combine over StateFlows: the latest of each, as a view model derives its UI state")
  func combineStateFlows() async throws {
    let query = MutableStateFlow("")
    let items = MutableStateFlow(["apple", "banana", "cherry"])
    let visible = combine(query, items) { query, items in items.filter { query.isEmpty || $0.contains(query) } }
    let scope = try #require(KotlinRuntimeScope.current)
    try await visible.test { (turbine: FlowTurbine<[String]>) async throws in
      #expect(try await turbine.awaitItem() == ["apple", "banana", "cherry"])
      query.value = "an"
      #expect(try await turbine.awaitItem() == ["banana"])
      try await scope.waitUntil { _ in scope.waitUntilIdle(timeoutMillis: 0) }
      items.value = ["mango", "melon"]
      #expect(try await turbine.awaitItem() == ["mango"])
      await turbine.cancelAndIgnoreRemainingEvents()
    }
  }

  @Test("zip pairs values in order and completes with the shorter flow")
  func zipPairs() async throws {
    let numbers = timed([(10, Int32(1)), (20, 2), (30, 3)])
    let letters = timed([(25, "a"), (50, "b")])
    let got = try await timeline(numbers.zip(letters) { "\($0)\($1)" })
    #expect(got == ["1a@25", "2b@50"], "\(got)")
  }

  @Test("merge emits every flow's values as they come")
  func mergeInterleaves() async throws {
    let merged = merge(timed([(10, "a1"), (30, "a2")]), timed([(20, "b1")]))
    let got = try await timeline(merged)
    #expect(got == ["a1@10", "b1@20", "a2@30"], "\(got)")
  }

  @Test("flatMapLatest cancels the previous inner flow when a new value comes")
  func flatMapLatestSwitches() async throws {
    let cancelled = Locked<[Int32]>([])
    let outer = timed([(0, Int32(1)), (100, 2)])
    let switched = outer.flatMapLatest { n in
      flow { (collector: FlowCollector<Int32>) in
        do {
          for step in Int32(0)..<3 {
            if step > 0 { try await delay(60) }
            try await collector.emit(n * 10 + step)
          }
        } catch is CancellationError {
          cancelled.withLock { $0.append(n) }
          throw CancellationError()
        }
      }
    }
    let got = try await timeline(switched)
    #expect(got == ["10@0", "11@60", "20@100", "21@160", "22@220"], "\(got)")
    #expect(cancelled.withLock { $0 } == [1])
  }

  @Test("flatMapLatest over never-ending inner flows, as a search screen uses it")
  func flatMapLatestOverEndlessInners() async throws {
    let query = MutableStateFlow("a")
    let results = query.flatMapLatest { query in
      flow { (collector: FlowCollector<String>) in
        try await delay(300)
        try await collector.emit("results for \(query)")
        try await awaitCancellation()  // a database query flow: never completes
      }
    }
    try await results.test { (turbine: FlowTurbine<String>) async throws in
      #expect(try await turbine.awaitItem() == "results for a")
      query.value = "ab"
      #expect(try await turbine.awaitItem() == "results for ab")
      await turbine.cancelAndIgnoreRemainingEvents()
    }
  }

  @Test("mapLatest cancels a transform still running; flatMapMerge runs inner flows at once, up to its limit")
  func mapLatestAndFlatMapMerge() async throws {
    let slow = timed([(0, Int32(1)), (50, 2)]).mapLatest { n -> Int32 in
      try await delay(100)
      return n * 100
    }
    let got = try await timeline(slow)
    #expect(got == ["200@150"], "\(got)")
    let merged = flowOf(Int32(1), 2, 3).flatMapMerge(concurrency: 2) { n in timed([(Int(n) * 10, n)]) }
    let gotMerged = try await timeline(merged)
    #expect(gotMerged == ["1@10", "2@20", "3@40"], "\(gotMerged)")  // 3 waits for 1's slot: 10 + 30
  }

  @Test("debounce: Kotlin's documented example gives 3, 4, 5")
  func debounceExample() async throws {
    let source = timed([(0, Int32(1)), (90, 2), (180, 3), (1_190, 4), (2_200, 5)])
    let got = try await timeline(source.debounce(1_000))
    #expect(got == ["3@1180", "4@2190", "5@2200"], "\(got)")
  }

  @Test("sample: Kotlin's documented example gives 1, 3, 5, 7, 9")
  func sampleExample() async throws {
    let source = flow { (collector: FlowCollector<Int32>) in
      for n in Int32(0)..<10 {
        try await collector.emit(n)
        try await delay(110)
      }
    }
    // Collected in a Kotlin body (as runTest's is a coroutine): the test's own task between two requests
    // would let the auto-advancing clock move while the sampler waits for it.
    let sampled = source.sample(200)
    #expect(try await kotlinSuspend { try await sampled.toList() } == [1, 3, 5, 7, 9])
  }
}

@Suite("stateIn, shareIn, launchIn", .kotlinLeakCheck(clock: .virtual), .timeLimit(.minutes(1)))
struct SharingOperatorTests {
  /// An upstream that counts its collections and their ends.
  final class CountingUpstream: Sendable {
    let starts = Locked(0)
    let stops = Locked(0)
    var flow: ColdFlow<Int32> {
      KotlinTestDoubles.flow { [starts, stops] collector in
        let run = starts.withLock {
          $0 += 1
          return Int32($0)
        }
        defer { stops.withLock { $0 += 1 } }
        try await collector.emit(run * 10)
        try await awaitCancellation()
      }
    }
  }

  @Test("stateIn(WhileSubscribed(5_000)) starts with a subscriber and stops 5 s after the last one left")
  func whileSubscribed() async throws {
    let runtime = try #require(KotlinRuntimeScope.current)
    let upstream = CountingUpstream()
    let scope = CoroutineScope(job: SupervisorJob())
    let state = upstream.flow.stateIn(scope, started: .WhileSubscribed(5_000), initialValue: -1)
    try await runtime.waitFor { _ in runtime.waitUntilIdle(timeoutMillis: 0) }
    #expect(upstream.starts.withLock { $0 } == 0)
    #expect(state.value == -1)
    try await state.test { (turbine: FlowTurbine<Int32>) async throws in
      #expect(try await turbine.awaitItem() == -1)
      #expect(try await turbine.awaitItem() == 10)
      await turbine.cancelAndIgnoreRemainingEvents()
    }
    try await runtime.waitFor { _ in runtime.pendingDelayCount == 1 }
    runtime.advance(byMillis: 4_999)
    #expect(upstream.stops.withLock { $0 } == 0)
    runtime.advance(byMillis: 1)
    try await runtime.waitFor { _ in upstream.stops.withLock { $0 } == 1 }
    #expect(state.value == 10)  // replayExpiration defaults to never: the value stays
    try await state.test { (turbine: FlowTurbine<Int32>) async throws in
      #expect(try await turbine.awaitItem() == 10)
      #expect(try await turbine.awaitItem() == 20)  // a new collection of the upstream
      await turbine.cancelAndIgnoreRemainingEvents()
    }
    scope.cancel()
    try await scope.job.join()
  }

  @Test("stateIn(Eagerly) collects at once; stateIn(Lazily) with the first subscriber, and never stops")
  func eagerlyAndLazily() async throws {
    let runtime = try #require(KotlinRuntimeScope.current)
    let scope = CoroutineScope(job: SupervisorJob())
    let eager = CountingUpstream()
    let eagerState = eager.flow.stateIn(scope, started: .Eagerly, initialValue: 0)
    try await runtime.waitFor { _ in eagerState.value == 10 }
    let lazy = CountingUpstream()
    let lazyState = lazy.flow.stateIn(scope, started: .Lazily, initialValue: 0)
    try await runtime.waitFor { _ in runtime.waitUntilIdle(timeoutMillis: 0) }
    #expect(lazy.starts.withLock { $0 } == 0)
    try await lazyState.test { (turbine: FlowTurbine<Int32>) async throws in
      _ = try await turbine.awaitItem()
      await turbine.cancelAndIgnoreRemainingEvents()
    }
    try await runtime.waitFor { _ in lazyState.value == 10 }
    runtime.advance(byMillis: 60_000)
    #expect(lazy.stops.withLock { $0 } == 0)
    scope.cancel()
    try await scope.job.join()
    // A cancelled collection's producer ends (its finally runs) asynchronously: wait for both.
    try await runtime.waitFor { _ in eager.stops.withLock { $0 } == 1 && lazy.stops.withLock { $0 } == 1 }
  }

  @Test("shareIn with replay 1 gives a late subscriber the last value; launchIn collects in the scope")
  func shareInAndLaunchIn() async throws {
    let runtime = try #require(KotlinRuntimeScope.current)
    let scope = CoroutineScope(job: SupervisorJob())
    let shared = CountingUpstream().flow.shareIn(scope, started: .Eagerly, replay: 1)
    try await runtime.waitFor { _ in shared.replayCache == [10] }
    let seen = Locked<[Int32]>([])
    let job = shared.onEach { value in seen.withLock { $0.append(value) } }.launchIn(scope)
    try await runtime.waitFor { _ in seen.withLock { $0 } == [10] }
    job.cancel()
    try await job.join()
    scope.cancel()
    try await scope.job.join()
  }
}

@Suite("Operators under random cancellation", .timeLimit(.minutes(2)))
struct OperatorCancellationStormTests {
  @Test("combine, flatMapLatest and stateIn collections cancelled at random points leave nothing alive")
  func storm() async throws {
    var generator = SystemRandomNumberGenerator()
    for round in 0..<20 {
      let clock: KotlinClock = round % 2 == 0 ? .real : .virtualAutoAdvance
      try await KotlinTestRuntime.withScope(clock: clock) { runtime in
        let scope = CoroutineScope(job: SupervisorJob())
        let ticks = flow { (collector: FlowCollector<Int32>) in
          var n: Int32 = 0
          while true {
            try await collector.emit(n)
            try await delay(1)
            n += 1
          }
        }
        let state = MutableStateFlow<Int32>(0)
        let flows: [ColdFlow<String>] = [
          combine(ticks, state) { "\($0)-\($1)" },
          state.flatMapLatest { n in ticks.map { "\(n):\($0)" } },
          ticks.stateIn(scope, started: .WhileSubscribed(5), initialValue: -1).map { "\($0)" },
        ]
        await withTaskGroup(of: Void.self) { group in
          for index in 0..<30 {
            let flow = flows[index % flows.count]
            let stopAfter = Int.random(in: 0..<20, using: &generator)
            group.addTask {
              let task = Task {
                var count = 0
                for try await _ in flow.asAsyncSequence() {
                  count += 1
                  if count > stopAfter { break }
                }
              }
              for _ in 0..<stopAfter { await Task.yield() }
              if stopAfter % 3 == 0 { task.cancel() }
              _ = await task.result
            }
            if index % 5 == 0 { state.value = Int32(index) }
          }
        }
        scope.cancel()
        try await scope.job.join()
        try await runtime.waitForQuiet()
        let snapshot = runtime.snapshot()
        #expect(snapshot.liveCollections == 0 && snapshot.pendingCalls == 0, "round \(round): \(snapshot)")
      }
    }
  }
}
