import CInterop
import Testing

@Suite("Cancelling a collection")
struct CancellationTests {
  @Test("cancel before the first request: `cancelled`, requested by the consumer, without any request")
  func cancelBeforeFirstRequest() async throws {
    try await withStubScope { scope in
      let flow = scope.withCurrent { Kotlin.Fixtures.elements() }
      let recorder = Recorder()
      let collection = try #require(scope.collect(flow, into: recorder))
      #expect(collection.cancel() == shared_Status_ok)
      #expect(await recorder.waitForTerminal() == .cancelled(byConsumer: true))
      #expect(recorder.batches.isEmpty)
      #expect(scope.counters().producerFinallyRuns == 1)
      recorder.expectWellFormed()
      #expect(collection.release() == shared_Status_ok)
      Kotlin.dispose(flow)
    }
  }

  @Test("cancel between items, while the producer waits inside emit: `cancelled` arrives without a request")
  func cancelBetweenItems() async throws {
    try await withStubScope { scope in
      let flow = scope.withCurrent { Kotlin.Fixtures.elements() }
      let recorder = Recorder()
      let collection = try #require(scope.collect(flow, into: recorder))
      #expect(collection.request() == shared_Status_ok)
      #expect(await recorder.waitForItems(1))
      #expect(collection.cancel() == shared_Status_ok)
      #expect(await recorder.waitForTerminal() == .cancelled(byConsumer: true))
      #expect(recorder.items == [.element(1)])
      #expect(scope.counters().producerFinallyRuns == 1)
      recorder.expectWellFormed()
      #expect(collection.release() == shared_Status_ok)
      Kotlin.dispose(flow)
    }
  }

  @Test("cancel while the producer is blocked on a full buffer")
  func cancelWhileBlockedOnBackPressure() async throws {
    try await withStubScope { scope in
      let flow = scope.withCurrent { Kotlin.Fixtures.range(1_000) }
      let recorder = Recorder()
      let collection = try #require(scope.collect(flow, policy: .bounded(2), into: recorder))
      #expect(collection.request() == shared_Status_ok)
      #expect(await recorder.waitForItems(1))
      // The producer refills the buffer and suspends: at most 2 items ahead of a consumer that asks no more.
      #expect(collection.cancel() == shared_Status_ok)
      #expect(await recorder.waitForTerminal() == .cancelled(byConsumer: true))
      #expect(recorder.batches.count == 1)
      #expect(scope.counters().producerFinallyRuns == 1)
      recorder.expectWellFormed(maxBatch: 2)
      #expect(collection.release() == shared_Status_ok)
      Kotlin.dispose(flow)
    }
  }

  @Test("cancel with a request outstanding answers that request with `cancelled`")
  func cancelWithRequestOutstanding() async throws {
    try await withStubScope(.virtual) { scope in
      // In a virtual scope the first tick never comes: the request stays outstanding.
      let flow = scope.withCurrent { Kotlin.Fixtures.ticks(periodMillis: 60_000, count: 3) }
      let recorder = Recorder()
      let collection = try #require(scope.collect(flow, into: recorder))
      #expect(collection.request() == shared_Status_ok)
      #expect(collection.cancel() == shared_Status_ok)
      #expect(await recorder.waitForTerminal() == .cancelled(byConsumer: true))
      #expect(recorder.batches.isEmpty)
      recorder.expectWellFormed()
      #expect(collection.release() == shared_Status_ok)
      Kotlin.dispose(flow)
    }
  }

  @Test("cancel is idempotent: a second cancel changes nothing and only one terminal event arrives")
  func cancelIsIdempotent() async throws {
    try await withStubScope { scope in
      let flow = scope.withCurrent { Kotlin.Fixtures.elements() }
      let recorder = Recorder()
      let collection = try #require(scope.collect(flow, into: recorder))
      #expect(collection.cancel() == shared_Status_ok)
      let second = collection.cancel()
      #expect(second == shared_Status_ok || second == shared_Status_finished)
      #expect(await recorder.waitForTerminal() == .cancelled(byConsumer: true))
      #expect(collection.cancel() == shared_Status_finished)
      #expect(scope.counters().producerFinallyRuns == 1)
      recorder.expectWellFormed()
      #expect(collection.release() == shared_Status_ok)
      Kotlin.dispose(flow)
    }
  }

  @Test("cancel from many threads at once while items flow: one `cancelled`, no misuse")
  func cancelFromManyThreads() async throws {
    try await withStubScope { scope in
      // A StateFlow collection never completes on its own, so only the cancellation can end it.
      let store = scope.withCurrent { Kotlin.Store.make() }
      let state = scope.withCurrent { Kotlin.Store.state(store) }
      let recorder = Recorder(requestingEachBatch: true)
      let collection = try #require(scope.collect(state, into: recorder))
      #expect(collection.request() == shared_Status_ok)
      #expect(await recorder.waitForItems(1))

      let storeToken = store.token
      let statuses = await withTaskGroup(of: shared_Status.self) { group in
        for _ in 0..<8 {
          group.addTask {
            let store = StoreRef(pinned: storeToken.pointer)
            for _ in 0..<20 { Kotlin.Store.increment(store) }
            return collection.cancel()
          }
        }
        return await group.reduce(into: []) { $0.append($1) }
      }
      #expect(statuses.allSatisfy { $0 == shared_Status_ok || $0 == shared_Status_finished }, "\(statuses)")
      #expect(await recorder.waitForTerminal() == .cancelled(byConsumer: true))
      recorder.expectWellFormed(maxBatch: 1)
      #expect(collection.release() == shared_Status_ok)
      Kotlin.dispose(state)
      Kotlin.dispose(store)
    }
  }

  @Test("release before the terminal event implies cancel, and the terminal event still arrives")
  func releaseImpliesCancel() async throws {
    try await withStubScope { scope in
      let flow = scope.withCurrent { Kotlin.Fixtures.elements() }
      let recorder = Recorder()
      let collection = try #require(scope.collect(flow, into: recorder))
      #expect(collection.request() == shared_Status_ok)
      #expect(await recorder.waitForItems(1))
      #expect(collection.release() == shared_Status_ok)
      #expect(await recorder.waitForTerminal() == .cancelled(byConsumer: true))
      #expect(recorder.items == [.element(1)])
      recorder.expectWellFormed()
      Kotlin.dispose(flow)
    }
  }
}
