import KotlinFixtures
import Testing

/// Virtual clocks: `.virtualAutoAdvance` skips delays as soon as nothing else can run; `.virtual`
/// moves only when the test advances it.
///
/// The `.virtual` tests run on the main actor with a `@MainActor` consumer task: the consumer runs
/// without suspending from its start signal into its first `next()`, which starts the Kotlin
/// collection, so once the test runs again the collection exists and `advance(byMillis:)` (which
/// waits for the Kotlin side to go quiet) sees its first delay.
@Suite("Virtual time", .timeLimit(.minutes(1)))
struct VirtualTimeTests {
  @Test(
    "ticks(periodMillis: 60_000, count: 3) under .virtualAutoAdvance: instantly [0, 1, 2] at 180 000 ms",
    arguments: Policies.lossless)
  func autoAdvanceTicks(policy: KotlinBufferingPolicy) async throws {
    try await withLeakCheckedScope(clock: .virtualAutoAdvance) { scope in
      let wallClock = ContinuousClock()
      let started = wallClock.now
      let values = try await collect(ticks(periodMillis: 60_000, count: 3), policy)
      #expect(values == [0, 1, 2])
      #expect(scope.currentTimeMillis == 180_000)
      #expect(wallClock.now - started < .seconds(10), "virtual minutes took real time")
    }
  }

  @Test("suspend calls under .virtualAutoAdvance: the clock jumps by exactly the delays")
  func autoAdvanceSuspendCalls() async throws {
    try await withLeakCheckedScope(clock: .virtualAutoAdvance) { scope in
      let value = try await callAfter(delayMillis: 3_600_000) { 3 }
      #expect(value == 3)
      #expect(scope.currentTimeMillis == 3_600_000)
      let finally = try await withFinally(delayMillis: 400) {}
      #expect(finally == 67)
      #expect(scope.currentTimeMillis == 3_600_400)
    }
  }

  /// What a `@MainActor` consumer has received so far, readable by the test without waiting.
  @MainActor
  private final class Arrivals {
    var ticks: [(tick: Int64, atMillis: Int64)] = []
  }

  @MainActor
  @Test("under .virtual nothing arrives until the test advances the clock")
  func manualTicks() async throws {
    try await withLeakCheckedScope(clock: .virtual) { scope in
      let sequence = ticks(periodMillis: 60_000, count: 3).asAsyncSequence()
      let log = Arrivals()
      let (arrivals, arrived) = AsyncStream<Void>.makeStream()
      let (started, markStarted) = AsyncStream<Void>.makeStream()
      let consumer = Task { @MainActor in
        defer { arrived.finish() }
        markStarted.finish()
        for try await tick in sequence {
          log.ticks.append((tick, scope.currentTimeMillis))
          arrived.yield()
        }
      }
      var arrival = arrivals.makeAsyncIterator()
      for await _ in started {}

      for (index, due) in [(0, 60_000), (1, 120_000), (2, 180_000)] as [(Int, Int64)] {
        scope.advance(byMillis: 59_999)
        await drainMainActor()  // a tick delivered too early would now be in the log
        #expect(log.ticks.count == index, "a tick arrived before virtual time reached \(due) ms")
        #expect(scope.currentTimeMillis == due - 1)
        scope.advance(byMillis: 1)
        await arrival.next()
        #expect(log.ticks.last?.tick == Int64(index))
        #expect(log.ticks.last?.atMillis == due)
      }
      try await consumer.value
      #expect(log.ticks.map(\.tick) == [0, 1, 2])
    }
  }

  @MainActor
  @Test("advanceUntilIdle() runs every pending delay of a producer that runs ahead")
  func advanceUntilIdle() async throws {
    try await withLeakCheckedScope(clock: .virtual) { scope in
      let sequence = ticks(periodMillis: 60_000, count: 3).asAsyncSequence(bufferingPolicy: .unbounded)
      let (started, markStarted) = AsyncStream<Void>.makeStream()
      let consumer = Task { @MainActor in
        markStarted.finish()
        var values: [Int64] = []
        for try await tick in sequence { values.append(tick) }
        return values
      }
      for await _ in started {}
      scope.advanceUntilIdle()
      #expect(scope.currentTimeMillis == 180_000)
      let values = try await consumer.value
      #expect(values == [0, 1, 2])
    }
  }

  @Test("each scope has its own clock")
  func independentClocks() async throws {
    try await withLeakCheckedScope(clock: .virtual) { outer in
      outer.advance(byMillis: 1_000)
      try await withLeakCheckedScope(clock: .virtualAutoAdvance) { inner in
        #expect(inner.currentTimeMillis == 0)
        let values = try await collect(ticks(periodMillis: 250, count: 2))
        #expect(values == [0, 1])
        #expect(inner.currentTimeMillis == 500)
      }
      #expect(outer.currentTimeMillis == 1_000)
      #expect(outer.snapshot().collectionsStarted == 0)
    }
  }
}
