import CInterop
import Testing

@Suite("Virtual time")
struct VirtualTimeTests {
  @Test("ticks wait for advanceBy: nothing before the period has passed, one tick per period")
  func advanceByDeliversTicks() async throws {
    try await withStubScope(.virtual) { scope in
      let flow = scope.withCurrent { Kotlin.Fixtures.ticks(periodMillis: 60_000, count: 3) }
      let recorder = Recorder()
      let collection = try #require(scope.collect(flow, into: recorder))
      let start = scope.now
      #expect(collection.request() == shared_Status_ok)

      #expect(scope.advance(by: 59_999) == shared_Status_ok)
      #expect(scope.now == start + 59_999)
      #expect(recorder.batches.isEmpty, "the first tick is due at 60 000 ms")
      #expect(scope.advance(by: 1) == shared_Status_ok)
      #expect(await recorder.waitForItems(1))
      #expect(scope.now == start + 60_000)

      for tick in Int64(1)...2 {
        #expect(collection.request() == shared_Status_ok)
        #expect(scope.advance(by: 60_000) == shared_Status_ok)
        #expect(await recorder.waitForItems(Int(tick) + 1))
      }
      #expect(recorder.batches == [[.long(0)], [.long(1)], [.long(2)]])
      #expect(scope.now == start + 180_000)
      #expect(collection.request() == shared_Status_ok)
      #expect(await recorder.waitForTerminal() == .completed)
      recorder.expectWellFormed(maxBatch: 1)
      #expect(collection.release() == shared_Status_ok)
      Kotlin.dispose(flow)
    }
  }

  @Test("advanceUntilIdle runs every pending delay")
  func advanceUntilIdleDrains() async throws {
    try await withStubScope(.virtual) { scope in
      let flow = scope.withCurrent { Kotlin.Fixtures.ticks(periodMillis: 60_000, count: 3) }
      let recorder = Recorder(requestingEachBatch: true)
      let collection = try #require(scope.collect(flow, policy: .unbounded, into: recorder))
      let start = scope.now
      #expect(scope.advanceUntilIdle() == shared_Status_ok)
      #expect(scope.now == start + 180_000)
      #expect(scope.counters().producerFinallyRuns == 1, "the producer ran to its end")
      #expect(recorder.batches.isEmpty, "nothing is delivered before the first request")

      #expect(collection.request() == shared_Status_ok)
      #expect(await recorder.waitForTerminal() == .completed)
      #expect(recorder.items == [.long(0), .long(1), .long(2)])
      recorder.expectWellFormed()
      #expect(collection.release() == shared_Status_ok)
      Kotlin.dispose(flow)
    }
  }

  @Test("virtualAutoAdvance delivers every tick without advancing by hand, at once")
  func autoAdvance() async throws {
    try await withStubScope(.virtualAutoAdvance) { scope in
      let flow = scope.withCurrent { Kotlin.Fixtures.ticks(periodMillis: 60_000, count: 3) }
      let recorder = Recorder(requestingEachBatch: true)
      // Read before collecting: the producer starts at once, and its first delay may be skipped right away.
      let start = scope.now
      let collection = try #require(scope.collect(flow, into: recorder))
      let clock = ContinuousClock()
      let began = clock.now
      #expect(collection.request() == shared_Status_ok)
      #expect(await recorder.waitForTerminal() == .completed)
      #expect(clock.now - began < .seconds(30), "three minutes of virtual time passed in moments")
      #expect(recorder.items == [.long(0), .long(1), .long(2)])
      #expect(scope.now == start + 180_000)
      recorder.expectWellFormed(maxBatch: 1)
      #expect(collection.release() == shared_Status_ok)
      Kotlin.dispose(flow)
    }
  }

  @Test("a suspend call's delay waits for virtual time")
  func suspendCallDelay() async throws {
    try await withStubScope(.virtual) { scope in
      let block = BlockRecorder(returning: 4)
      let recorder = CallRecorder()
      let call = try #require(scope.start(recorder) { shared_fixtures_callAfter(10_000, block.intBlock(), $0, $1) })
      #expect(scope.advance(by: 9_999) == shared_Status_ok)
      #expect(block.invocations == 0)
      #expect(recorder.outcome == nil)
      #expect(scope.advance(by: 1) == shared_Status_ok)
      #expect(await recorder.waitForOutcome() == .completed(.int(4)))
      #expect(await block.waitForRelease())
      block.expectWellFormed(invocations: 1)
      recorder.expectWellFormed()
      #expect(call.release() == shared_Status_ok)
    }
  }

  @Test("each virtual scope has its own clock")
  func clocksArePerScope() async throws {
    try await withStubScope(.virtual) { first in
      try await withStubScope(.virtual) { second in
        let secondStart = second.now
        let firstStart = first.now
        #expect(first.advance(by: 5_000) == shared_Status_ok)
        #expect(first.now == firstStart + 5_000)
        #expect(second.now == secondStart)
      }
    }
  }

  @Test("advanceBy from a callback of the same scope is refused with invalidArgument")
  func advanceFromCallbackIsRefused() async throws {
    try await withStubScope(.virtual, misuses: 1) { scope in
      let flow = scope.withCurrent { Kotlin.Fixtures.ticks(periodMillis: 1_000, count: 1) }
      let scopeToken = scope.token
      let recorder = Recorder(
        Recorder.Reactions(onItems: { _, _ in
          [shared_TestRuntime_advanceBy(shared_Scope(pinned: scopeToken.pointer), 1_000)]
        }))
      let collection = try #require(scope.collect(flow, into: recorder))
      #expect(collection.request() == shared_Status_ok)
      #expect(scope.advance(by: 1_000) == shared_Status_ok)
      #expect(await recorder.waitForItems(1))
      #expect(collection.request() == shared_Status_ok)
      #expect(await recorder.waitForTerminal() == .completed)
      #expect(recorder.reentrantStatuses == [shared_Status_invalidArgument])
      recorder.expectWellFormed()
      #expect(collection.release() == shared_Status_ok)
      Kotlin.dispose(flow)
    }
  }

  @Test("delay(Long.MAX_VALUE) never fires, even with the clock advanced to its end; a delay one less does")
  func delayForever() async throws {
    try await withStubScope(.virtual) { scope in
      let forever = BlockRecorder(returning: 1)
      let foreverCall = CallRecorder()
      let foreverHandle = try #require(
        scope.start(foreverCall) { shared_fixtures_callAfter(.max, forever.intBlock(), $0, $1) })
      let almost = BlockRecorder(returning: 2)
      let almostCall = CallRecorder()
      let almostHandle = try #require(
        scope.start(almostCall) { shared_fixtures_callAfter(.max - 1, almost.intBlock(), $0, $1) })
      #expect(shared_TestRuntime_awaitIdle(scope.handle, 10_000), "both calls reached their delay")
      #expect(shared_TestRuntime_pendingDelays(scope.handle, nil) == 1, "delay(Long.MAX_VALUE) arms no timer")

      #expect(scope.advanceUntilIdle() == shared_Status_ok)
      #expect(await almostCall.waitForOutcome() == .completed(.int(2)))
      #expect(scope.now == .max - 1)
      #expect(scope.advance(by: 1) == shared_Status_ok)
      #expect(scope.now == .max)
      #expect(scope.advanceUntilIdle() == shared_Status_ok)
      #expect(shared_TestRuntime_awaitIdle(scope.handle, 10_000))
      #expect(foreverCall.outcome == nil, "Kotlin never resumes delay(Long.MAX_VALUE)")
      #expect(forever.invocations == 0)

      #expect(foreverHandle.cancel() == shared_Status_ok)  // only cancellation ends it, as awaitCancellation()
      #expect(await foreverCall.waitForOutcome() == .cancelled(byConsumer: true))
      for (block, invocations) in [(forever, 0), (almost, 1)] {
        #expect(await block.waitForRelease())
        block.expectWellFormed(invocations: invocations)
      }
      foreverCall.expectWellFormed()
      almostCall.expectWellFormed()
      for handle in [foreverHandle, almostHandle] { #expect(handle.release() == shared_Status_ok) }
    }
  }
}
