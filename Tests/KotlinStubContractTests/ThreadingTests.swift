import CInterop
import Testing

@Suite("Threads")
struct ThreadingTests {
  @Test("the test's own thread is not a runtime worker thread, even with a scope current")
  func testThreadIsNotAWorker() async throws {
    try await withStubScope { scope in
      #expect(!shared_TestRuntime_isWorkerThread())
      #expect(!scope.withCurrent { shared_TestRuntime_isWorkerThread() })
    }
  }

  @Test("items, terminal events, outcomes and lambdas all run on worker threads")
  func callbacksRunOnWorkers() async throws {
    try await withStubScope(.virtualAutoAdvance) { scope in
      let flow = scope.withCurrent { Kotlin.Fixtures.failing() }
      let recorder = Recorder(requestingEachBatch: true)
      let collection = try #require(scope.collect(flow, into: recorder))
      let block = BlockRecorder(returning: 3)
      let call = CallRecorder()
      let handle = try #require(scope.start(call) { shared_fixtures_callAfter(10, block.intBlock(), $0, $1) })
      #expect(collection.request() == shared_Status_ok)

      #expect(await recorder.waitForTerminal()?.kind == .failed)
      #expect(await call.waitForOutcome() == .completed(.int(3)))
      #expect(await block.waitForRelease())
      // The discipline checks record any callback that did not run on a worker thread.
      recorder.expectWellFormed()
      call.expectWellFormed()
      block.expectWellFormed(invocations: 1)
      #expect(collection.release() == shared_Status_ok)
      #expect(handle.release() == shared_Status_ok)
      Kotlin.dispose(flow)
    }
  }

  @Test("callbacks of one collection never overlap, even while other threads change the flow")
  func callbacksOfOneCollectionDoNotOverlap() async throws {
    try await withStubScope { scope in
      let store = scope.withCurrent { Kotlin.Store.make() }
      let state = scope.withCurrent { Kotlin.Store.state(store) }
      let recorder = Recorder(requestingEachBatch: true)
      let collection = try #require(scope.collect(state, policy: .unbounded, into: recorder))
      #expect(collection.request() == shared_Status_ok)

      let storeToken = store.token
      await withTaskGroup(of: Void.self) { group in
        for _ in 0..<4 {
          group.addTask {
            for _ in 0..<250 { Kotlin.Store.increment(StoreRef(pinned: storeToken.pointer)) }
          }
        }
      }
      // Values may be conflated by the StateFlow, but the last one is always delivered.
      #expect(await recorder.wait { $0.items.last == .int(1_000) })
      #expect(collection.cancel() == shared_Status_ok)
      #expect(await recorder.waitForTerminal() == .cancelled(byConsumer: true))
      recorder.expectWellFormed()
      #expect(collection.release() == shared_Status_ok)
      Kotlin.dispose(state)
      Kotlin.dispose(store)
    }
  }
}
