import KotlinFixtures
import Testing

/// What each buffering policy promises about the producer and the consumer running side by side.
@Suite("Buffering policies", .timeLimit(.minutes(1)))
struct BufferingPolicyTests {
  /// A producer that never waits (`.unbounded`, `.conflated`) must not hold back delivery until it
  /// is done: Kotlin's `buffer(UNLIMITED)` / `conflate()` hand elements to the collector while the
  /// producer keeps emitting. `producerFinallyRuns` tells whether the producer had already finished
  /// when the first element reached Swift. The producer has a billion elements to emit (tens of
  /// seconds at full speed), so only a consumer whose delivery is held back until the producer is
  /// done sees 1; 8 M elements (tens of milliseconds) once lost that race in the parallel suite on a
  /// loaded machine, where the consumer waited that long for a pool thread. The consumer breaks at its
  /// first element, which cancels the producer.
  @Test(
    "the first element arrives while a never-waiting producer is still emitting",
    arguments: [KotlinBufferingPolicy.unbounded, .conflated])
  func deliveryIsNotHeldBack(policy: KotlinBufferingPolicy) async throws {
    try await withLeakCheckedScope { scope in
      var finishedProducersAtFirstElement = -1
      for try await _ in range(count: 1_000_000_000).asAsyncSequence(bufferingPolicy: policy) {
        finishedProducersAtFirstElement = scope.snapshot().producerFinallyRuns
        break
      }
      #expect(
        finishedProducersAtFirstElement == 0,
        "the producer had emitted all 1 000 000 000 elements before the first one was delivered")
    }
  }

  @Test("rendezvous and bounded buffers deliver the first element long before the producer could finish")
  func boundedDeliversPromptly() async throws {
    try await withLeakCheckedScope { scope in
      for policy in [KotlinBufferingPolicy.rendezvous, .bounded(1), .batched] {
        let finishedBefore = scope.snapshot().producerFinallyRuns
        var finishedProducersAtFirstElement = -1
        for try await _ in range(count: 2_000_000).asAsyncSequence(bufferingPolicy: policy) {
          finishedProducersAtFirstElement = scope.snapshot().producerFinallyRuns - finishedBefore
          break
        }
        #expect(finishedProducersAtFirstElement == 0, "\(policy)")
        await expectNoLeaks(scope)
      }
    }
  }
}
