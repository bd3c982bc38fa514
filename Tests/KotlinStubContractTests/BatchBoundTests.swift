import CInterop
import Testing

/// A batch is allocated, exported and handed over in one piece, so its size bounds both the memory
/// of a delivery and the work between two looks at cancellation. With `buffer(1048576)` a batch
/// used to be as large as the buffer (a 2^31 capacity tried to allocate 8 GiB); now every policy
/// delivers at most 4096 items at a time, and the buffer's capacity only says how far the producer
/// may run ahead.
@Suite("Batch bound")
struct BatchBoundTests {
  @Test(
    "a large bounded buffer: the producer runs ahead, batches stay at most 4096 items",
    arguments: [(capacity: 1 << 20, count: 20_000), (capacity: 5_000, count: 5_000)]
      as [(capacity: Int32, count: Int32)])
  func largeCapacityBatchesAreBounded(capacity: Int32, count: Int32) async throws {
    try await withStubScope { scope in
      let flow = scope.withCurrent { Kotlin.Fixtures.range(count) }
      let recorder = Recorder(requestingEachBatch: true)
      let collection = try #require(scope.collect(flow, policy: .bounded(capacity), into: recorder))
      // Every item fits the buffer: the producer finishes before anything is asked for.
      let counters = await scope.waitForCounters { $0.producerFinallyRuns == 1 }
      #expect(counters.bufferedItems == Int64(count))
      #expect(collection.request() == shared_Status_ok)
      #expect(await recorder.waitForTerminal() == .completed)
      #expect(recorder.batches.map(\.count).reduce(0, +) == Int(count))
      #expect(recorder.batches.map(\.count).max() == 4_096)
      recorder.expectWellFormed(maxBatch: 4_096)
      #expect(collection.release() == shared_Status_ok)
      Kotlin.dispose(flow)
    }
  }
}
