import CInterop
import Testing

@Suite("SharedFlow")
struct SharedFlowTests {
  @Test("replay 3: the cache keeps the last three values, and a new subscriber receives it first")
  func replayCache() async throws {
    try await withStubScope { scope in
      let subject = scope.withCurrent { Kotlin.Subject.make() }
      let mutable = scope.withCurrent { Kotlin.Subject.mutableSharedFlow(subject) }
      let shared = scope.withCurrent { Kotlin.Subject.sharedFlow(subject) }
      for element in [1, 2, 3, 1] {
        #expect(StateFlowAccess.tryEmit(mutable, Value.element(element)) == (shared_Status_ok, true))
      }
      #expect(
        StateFlowAccess.replayCache(shared) == (shared_Status_ok, .list([.element(2), .element(3), .element(1)])))

      let recorder = Recorder(requestingEachBatch: true)
      let collection = try #require(scope.collect(shared, into: recorder))
      #expect(collection.request() == shared_Status_ok)
      #expect(await recorder.waitForItems(3))
      #expect(StateFlowAccess.tryEmit(mutable, Value.element(2)) == (shared_Status_ok, true))
      #expect(await recorder.waitForItems(4))
      #expect(recorder.items == [.element(2), .element(3), .element(1), .element(2)])

      #expect(collection.cancel() == shared_Status_ok)
      #expect(await recorder.waitForTerminal() == .cancelled(byConsumer: true))
      recorder.expectWellFormed(maxBatch: 1)
      #expect(collection.release() == shared_Status_ok)
      for ref in [shared.token, mutable.token, subject.token] { Kotlin.dispose(ref) }
    }
  }

  @Test("tryEmit fails while a subscriber lags 3 behind; emit suspends until the subscriber catches up")
  func backPressureFromASlowSubscriber() async throws {
    try await withStubScope { scope in
      let subject = scope.withCurrent { Kotlin.Subject.make() }
      let mutable = scope.withCurrent { Kotlin.Subject.mutableSharedFlow(subject) }
      let recorder = Recorder()
      let collection = try #require(scope.collect(mutable, into: recorder))
      #expect(collection.request() == shared_Status_ok)
      #expect(StateFlowAccess.tryEmit(mutable, Value.element(1)) == (shared_Status_ok, true))
      #expect(await recorder.waitForItems(1))

      // The subscriber took Element1 and waits for the consumer to ask again: three more values fill the buffer.
      for element in [2, 3, 1] {
        #expect(StateFlowAccess.tryEmit(mutable, Value.element(element)) == (shared_Status_ok, true))
      }
      #expect(StateFlowAccess.tryEmit(mutable, Value.element(2)) == (shared_Status_ok, false))

      let emit = CallRecorder()
      var value = Value.element(3)
      let emitCall = try #require(scope.start(emit) { shared_MutableSharedFlow_emit(mutable, &value, $0, $1) })
      #expect(emit.outcome == nil, "emit must wait for the subscriber")

      #expect(collection.request() == shared_Status_ok)
      #expect(await emit.waitForOutcome() == .completed(.unit))
      for count in 3...5 {
        #expect(collection.request() == shared_Status_ok)
        #expect(await recorder.waitForItems(count))
      }
      #expect(recorder.items == [.element(1), .element(2), .element(3), .element(1), .element(3)])

      #expect(collection.cancel() == shared_Status_ok)
      #expect(await recorder.waitForTerminal() == .cancelled(byConsumer: true))
      recorder.expectWellFormed(maxBatch: 1)
      emit.expectWellFormed()
      #expect(collection.release() == shared_Status_ok)
      #expect(emitCall.release() == shared_Status_ok)
      Kotlin.dispose(mutable)
      Kotlin.dispose(subject)
    }
  }

  @Test("subscriptionCount is a live StateFlow<Int> of the number of collections")
  func subscriptionCount() async throws {
    try await withStubScope { scope in
      let subject = scope.withCurrent { Kotlin.Subject.make() }
      let mutable = scope.withCurrent { Kotlin.Subject.mutableSharedFlow(subject) }
      let count = scope.withCurrent { shared_MutableSharedFlow_subscriptionCount(mutable) }
      try #require(!count.isNull)
      #expect(StateFlowAccess.value(count) == (shared_Status_ok, .int(0)))

      let counts = Recorder(requestingEachBatch: true)
      let countCollection = try #require(scope.collect(count, into: counts))
      #expect(countCollection.request() == shared_Status_ok)
      #expect(await counts.wait { $0.items == [.int(0)] })

      var subscribers: [(FlowCollection, Recorder)] = []
      for expected in Int32(1)...2 {
        let recorder = Recorder()
        subscribers.append((try #require(scope.collect(mutable, into: recorder)), recorder))
        #expect(await counts.wait { $0.items.last == .int(expected) })
        #expect(StateFlowAccess.value(count) == (shared_Status_ok, .int(expected)))
      }
      for (index, (collection, recorder)) in subscribers.enumerated() {
        #expect(collection.cancel() == shared_Status_ok)
        #expect(await recorder.waitForTerminal() == .cancelled(byConsumer: true))
        #expect(collection.release() == shared_Status_ok)
        let expected = Int32(subscribers.count - index - 1)
        #expect(await counts.wait { $0.items.last == .int(expected) })
      }
      #expect(counts.items == [.int(0), .int(1), .int(2), .int(1), .int(0)])

      #expect(countCollection.cancel() == shared_Status_ok)
      #expect(await counts.waitForTerminal() == .cancelled(byConsumer: true))
      counts.expectWellFormed(maxBatch: 1)
      #expect(countCollection.release() == shared_Status_ok)
      for ref in [count.token, mutable.token, subject.token] { Kotlin.dispose(ref) }
    }
  }

  @Test("resetReplayCache empties the cache: a new subscriber only sees later values")
  func resetReplayCache() async throws {
    try await withStubScope { scope in
      let subject = scope.withCurrent { Kotlin.Subject.make() }
      let mutable = scope.withCurrent { Kotlin.Subject.mutableSharedFlow(subject) }
      for element in [1, 2] {
        #expect(StateFlowAccess.tryEmit(mutable, Value.element(element)) == (shared_Status_ok, true))
      }
      #expect(StateFlowAccess.replayCache(mutable) == (shared_Status_ok, .list([.element(1), .element(2)])))
      #expect(shared_MutableSharedFlow_resetReplayCache(mutable) == shared_Status_ok)
      #expect(StateFlowAccess.replayCache(mutable) == (shared_Status_ok, .list([])))

      let count = scope.withCurrent { shared_MutableSharedFlow_subscriptionCount(mutable) }
      let recorder = Recorder()
      let collection = try #require(scope.collect(mutable, into: recorder))
      #expect(collection.request() == shared_Status_ok)
      // Once subscribed, the next value emitted is the first one delivered.
      let counts = Recorder(requestingEachBatch: true)
      let countCollection = try #require(scope.collect(count, into: counts))
      #expect(countCollection.request() == shared_Status_ok)
      #expect(await counts.wait { $0.items.last == .int(1) })
      #expect(StateFlowAccess.tryEmit(mutable, Value.element(3)) == (shared_Status_ok, true))
      #expect(await recorder.waitForItems(1))
      #expect(recorder.items == [.element(3)])

      for (collection, recorder) in [(collection, recorder), (countCollection, counts)] {
        #expect(collection.cancel() == shared_Status_ok)
        #expect(await recorder.waitForTerminal() == .cancelled(byConsumer: true))
        recorder.expectWellFormed(maxBatch: 1)
        #expect(collection.release() == shared_Status_ok)
      }
      for ref in [count.token, mutable.token, subject.token] { Kotlin.dispose(ref) }
    }
  }
}
