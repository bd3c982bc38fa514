import CInterop
import Testing

/// The virtual clock's test-scheduler rules (kotlin-stub/README.md, "Virtual clocks"): a hold stops
/// an auto-advancing clock; one delay at a time up to a limit; conflation as under
/// kotlinx-coroutines-test.
@Suite("Test scheduler: holds, one delay at a time, conflation on virtual time")
struct TestSchedulerTests {
  @Test("A hold keeps an auto-advancing clock still; releasing the last hold fires the next delay")
  func holdStopsAutoAdvance() async throws {
    try await withStubScope(.virtualAutoAdvance) { scope in
      #expect(shared_TestRuntime_holdClock(scope.handle, 1) == 1)
      let block = BlockRecorder(returning: 7)
      let recorder = CallRecorder()
      let call = try #require(scope.start(recorder) { shared_fixtures_callAfter(1_000, block.intBlock(), $0, $1) })
      // The call reaches its delay and the scope goes idle, but the hold keeps time still.
      #expect(shared_TestRuntime_awaitIdle(scope.handle, 10_000))
      #expect(scope.now == 0)
      #expect(recorder.outcome == nil)
      #expect(shared_TestRuntime_holdClock(scope.handle, 1) == 2)
      #expect(shared_TestRuntime_holdClock(scope.handle, -1) == 1)
      #expect(scope.now == 0, "time moves only when the last hold is released")
      #expect(shared_TestRuntime_holdClock(scope.handle, -1) == 0)
      #expect(await recorder.waitForOutcome() == .completed(.int(7)))
      #expect(scope.now == 1_000)
      #expect(await block.waitForRelease())
      #expect(call.release() == shared_Status_ok)
    }
  }

  @Test("Releasing a hold that was never taken is a misuse; the count stays at zero")
  func holdUnderflow() async throws {
    try await withStubScope(.virtualAutoAdvance, misuses: 1) { scope in
      #expect(shared_TestRuntime_holdClock(scope.handle, -1) == -1)
      #expect(scope.lastMisuse()?.contains("releasing a hold that was never taken") == true)
      #expect(shared_TestRuntime_holdClock(scope.handle, 1) == 1)
      #expect(shared_TestRuntime_holdClock(scope.handle, -1) == 0)
    }
  }

  @Test("runNextDelayDueBy runs one delay due by the limit, and nothing later")
  func runNextDelayDueBy() async throws {
    try await withStubScope(.virtual) { scope in
      let block = BlockRecorder(returning: 1)
      let recorder = CallRecorder()
      let call = try #require(scope.start(recorder) { shared_fixtures_callAfter(500, block.intBlock(), $0, $1) })
      #expect(shared_TestRuntime_awaitIdle(scope.handle, 10_000))
      #expect(!shared_TestRuntime_runNextDelayDueBy(scope.handle, 499), "not due by 499")
      #expect(scope.now == 0, "the clock did not move")
      #expect(shared_TestRuntime_runNextDelayDueBy(scope.handle, 500))
      #expect(scope.now == 500)
      #expect(await recorder.waitForOutcome() == .completed(.int(1)))
      #expect(!shared_TestRuntime_runNextDelayDueBy(scope.handle, .max), "no delay left")
      #expect(await block.waitForRelease())
      #expect(call.release() == shared_Status_ok)
    }
  }

  @Test("Conflated on virtual time: the first item, then the last, whenever the consumer asks")
  func conflatedFirstThenLast() async throws {
    try await withStubScope(.virtual) { scope in
      let flow = scope.withCurrent { Kotlin.Fixtures.range(10_000) }
      let recorder = Recorder(requestingEachBatch: true)
      let collection = try #require(scope.collect(flow, policy: .conflated, into: recorder))
      // The producer runs to its end before the consumer asks: it never yields on a virtual clock,
      // and its first item is handed to the (in Kotlin, already waiting) consumer.
      let counters = await scope.waitForCounters { $0.producerFinallyRuns == 1 }
      #expect(counters.producerFinallyRuns == 1)
      #expect(collection.request() == shared_Status_ok)
      #expect(await recorder.waitForTerminal() == .completed)
      #expect(recorder.items == [.int(0), .int(9_999)])
      recorder.expectWellFormed(maxBatch: 1)
      #expect(collection.release() == shared_Status_ok)
      Kotlin.dispose(flow)
    }
  }
}
