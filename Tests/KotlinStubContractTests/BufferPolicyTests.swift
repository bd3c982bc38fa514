import CInterop
import Testing

@Suite("Buffer policies")
struct BufferPolicyTests {
  @Test("rendezvous: the producer does not run ahead; the last emit returns only when asked again")
  func rendezvousDoesNotRunAhead() async throws {
    try await withStubScope { scope in
      let flow = scope.withCurrent { Kotlin.Fixtures.elements() }
      let recorder = Recorder()
      let collection = try #require(scope.collect(flow, policy: .rendezvous, into: recorder))
      for count in 1...3 {
        #expect(collection.request() == shared_Status_ok)
        #expect(await recorder.waitForItems(count))
      }
      #expect(recorder.batches == [[.element(1)], [.element(2)], [.element(3)]])
      // The producer is still inside emit(Element3): it has not finished, so its `finally` has not run.
      #expect(scope.counters().producerFinallyRuns == 0)
      #expect(recorder.terminal == nil)

      #expect(collection.request() == shared_Status_ok)
      #expect(await recorder.waitForTerminal() == .completed)
      #expect(scope.counters().producerFinallyRuns == 1)
      recorder.expectWellFormed(maxBatch: 1)
      #expect(collection.release() == shared_Status_ok)
      Kotlin.dispose(flow)
    }
  }

  @Test("bounded: the producer fills the buffer before any request; one batch then carries the buffered items")
  func boundedRunsAheadUpToCapacity() async throws {
    try await withStubScope { scope in
      let flow = scope.withCurrent { Kotlin.Fixtures.range(3) }
      let recorder = Recorder()
      let collection = try #require(scope.collect(flow, policy: .bounded(3), into: recorder))
      // Three items fit in buffer(3): the producer finishes without any request, and nothing is delivered.
      let counters = await scope.waitForCounters { $0.producerFinallyRuns == 1 }
      #expect(counters.producerFinallyRuns == 1)
      #expect(recorder.batches.isEmpty)
      #expect(recorder.terminal == nil)

      #expect(collection.request() == shared_Status_ok)
      #expect(await recorder.waitForItems(3))
      #expect(recorder.batches == [[.int(0), .int(1), .int(2)]])
      // `completed` is only delivered in answer to a request.
      #expect(recorder.terminal == nil)
      #expect(collection.request() == shared_Status_ok)
      #expect(await recorder.waitForTerminal() == .completed)
      recorder.expectWellFormed(maxBatch: 3)
      #expect(collection.release() == shared_Status_ok)
      Kotlin.dispose(flow)
    }
  }

  @Test("bounded(N): every batch carries 1...N items, all in order", arguments: [1, 2, 5] as [Int32])
  func boundedBatchesAreCapped(capacity: Int32) async throws {
    try await withStubScope { scope in
      let flow = scope.withCurrent { Kotlin.Fixtures.range(23) }
      let recorder = Recorder(requestingEachBatch: true)
      let collection = try #require(scope.collect(flow, policy: .bounded(capacity), into: recorder))
      #expect(collection.request() == shared_Status_ok)
      #expect(await recorder.waitForTerminal() == .completed)
      #expect(recorder.items == (0..<23).map { .int($0) })
      recorder.expectWellFormed(maxBatch: Int(capacity))
      #expect(collection.release() == shared_Status_ok)
      Kotlin.dispose(flow)
    }
  }

  @Test("unbounded: emit never suspends, and batches carry up to 4096 items")
  func unboundedNeverSuspends() async throws {
    try await withStubScope { scope in
      let count: Int32 = 10_000
      let flow = scope.withCurrent { Kotlin.Fixtures.range(count) }
      let recorder = Recorder(requestingEachBatch: true)
      let collection = try #require(scope.collect(flow, policy: .unbounded, into: recorder))
      let counters = await scope.waitForCounters { $0.producerFinallyRuns == 1 }
      #expect(counters.producerFinallyRuns == 1, "the producer finished with nothing requested")
      #expect(recorder.batches.isEmpty)

      #expect(collection.request() == shared_Status_ok)
      #expect(await recorder.waitForTerminal() == .completed)
      #expect(recorder.items == (0..<count).map { .int($0) })
      // Everything was buffered before the first request, so the first batch is a full one.
      #expect(recorder.batches.first?.count == 4096)
      recorder.expectWellFormed(maxBatch: 4096)
      #expect(collection.release() == shared_Status_ok)
      Kotlin.dispose(flow)
    }
  }

  @Test("conflated: emit never suspends and only the latest undelivered item is kept")
  func conflatedKeepsLatest() async throws {
    try await withStubScope { scope in
      let flow = scope.withCurrent { Kotlin.Fixtures.range(100) }
      let recorder = Recorder()
      let collection = try #require(scope.collect(flow, policy: .conflated, into: recorder))
      let counters = await scope.waitForCounters { $0.producerFinallyRuns == 1 }
      #expect(counters.producerFinallyRuns == 1, "the producer finished with nothing requested")

      #expect(collection.request() == shared_Status_ok)
      #expect(await recorder.waitForItems(1))
      #expect(recorder.batches == [[.int(99)]])
      #expect(collection.request() == shared_Status_ok)
      #expect(await recorder.waitForTerminal() == .completed)
      recorder.expectWellFormed(maxBatch: 1)
      #expect(collection.release() == shared_Status_ok)
      Kotlin.dispose(flow)
    }
  }

  @Test("conflated with a consumer keeping up: items strictly increase and end with the last one")
  func conflatedDeliversIncreasingItems() async throws {
    try await withStubScope { scope in
      let flow = scope.withCurrent { Kotlin.Fixtures.range(500) }
      let recorder = Recorder(requestingEachBatch: true)
      let collection = try #require(scope.collect(flow, policy: .conflated, into: recorder))
      #expect(collection.request() == shared_Status_ok)
      #expect(await recorder.waitForTerminal() == .completed)
      let values = recorder.items.compactMap { item -> Int32? in
        if case .int(let value) = item { value } else { nil }
      }
      #expect(values.count == recorder.items.count)
      #expect(zip(values, values.dropFirst()).allSatisfy { $0 < $1 })
      #expect(values.last == 499)
      recorder.expectWellFormed(maxBatch: 1)
      #expect(collection.release() == shared_Status_ok)
      Kotlin.dispose(flow)
    }
  }
}
