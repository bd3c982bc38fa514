import FlowTesting
import Foundation
import KotlinFixtures
import Testing

/// Under a virtual clock, Kotlin `delay`s cost no wall-clock time: with `.virtual` the turbine
/// advances the scope's clock one delay at a time while it waits; with `.virtualAutoAdvance` the
/// runtime does. The await timeouts stay wall-clock.
@Suite("Turbine under virtual time", .timeLimit(.minutes(1)))
struct TurbineVirtualTimeTests {
  @Test(
    "ticks a minute apart: 0, 1, 2 and Complete, in seconds of wall time, not minutes",
    .kotlinLeakCheck(clock: .virtual))
  func manualVirtualClock() async throws {
    let scope = try #require(KotlinRuntimeScope.current)
    #expect(scope.clock == .virtual)
    let clock = ContinuousClock()
    let start = clock.now
    try await ticks(periodMillis: 60_000, count: 3).test { turbine in
      for expected in Int64(0)..<3 {
        let tick = try await turbine.awaitItem()
        #expect(tick == expected)
      }
      try await turbine.awaitComplete()
    }
    // Real time would be 180 s; the bound only has to separate that from virtual time, with room
    // for a loaded machine running the whole suite in parallel.
    #expect(clock.now - start < .seconds(30))
    #expect(scope.currentTimeMillis == 180_000)
  }

  @Test("the first tick comes after exactly one period", .kotlinLeakCheck(clock: .virtual))
  func firstTickAfterOnePeriod() async throws {
    let scope = try #require(KotlinRuntimeScope.current)
    try await ticks(periodMillis: 60_000, count: 3).test { turbine in
      let first = try await turbine.awaitItem()
      #expect(first == 0)
      #expect(scope.currentTimeMillis == 60_000)
      await turbine.cancelAndIgnoreRemainingEvents()
    }
  }

  @Test("the same under .virtualAutoAdvance", .kotlinLeakCheck(clock: .virtualAutoAdvance))
  func autoAdvancingClock() async throws {
    let scope = try #require(KotlinRuntimeScope.current)
    let flow = ticks(periodMillis: 60_000, count: 3).asAsyncSequence().probed()
    let clock = ContinuousClock()
    let start = clock.now
    try await flow.test { turbine in
      await flow.probe.waitUntilFinished()
      for expected in Int64(0)..<3 {
        let tick = try await turbine.awaitItem()
        #expect(tick == expected)
      }
      try await turbine.awaitComplete()
    }
    // Real time would be 180 s; the bound only has to separate that from virtual time, with room
    // for a loaded machine running the whole suite in parallel.
    #expect(clock.now - start < .seconds(30))
    #expect(scope.currentTimeMillis == 180_000)
  }

  @Test("a real clock is not stepped: the tick a minute away does not come", .kotlinLeakCheck)
  func realClockIsNotStepped() async throws {
    let captured = await captureIssues {
      try await ticks(periodMillis: 60_000, count: 1).test { turbine in
        _ = try await turbine.awaitItem(timeout: .milliseconds(100))
      }
    }
    captured.expectSingleFailure("No item produced in 100ms")
  }

  /// A producer that does some real work (here 200 ms, before it first calls `delay`) while the
  /// turbine waits: the turbine finds no delay pending at its first look, and from then on only
  /// waits for the rest of the timeout without advancing the clock again, although the delay it
  /// should step appears 200 ms later.
  @Test("a delay that starts after the turbine began waiting is still stepped", .kotlinLeakCheck(clock: .virtual))
  func delayStartingLateIsStepped() async throws {
    let captured = await captureIssues {
      try await SlowStartTicks().test { turbine in
        let first = try await turbine.awaitItem(timeout: .seconds(10))
        #expect(first == 0)
        await turbine.cancelAndIgnoreRemainingEvents()
      }
    }
    #expect(captured.issues.isEmpty, "\(captured.issues)")
  }
}

/// `ticks(periodMillis: 1_000, count: 3)` behind 200 ms of real work before its first element.
private struct SlowStartTicks: AsyncSequence, Sendable {
  struct AsyncIterator: AsyncIteratorProtocol {
    var warmedUp = false
    var ticks = KotlinFixtures.ticks(periodMillis: 1_000, count: 3).asAsyncSequence().makeAsyncIterator()

    mutating func next() async throws -> Int64? {
      if !warmedUp {
        warmedUp = true
        try await Task.sleep(for: .milliseconds(200))  // the real work, not a synchronisation
      }
      return try await ticks.next()
    }
  }

  func makeAsyncIterator() -> AsyncIterator { AsyncIterator() }
}
