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

  /// `MutableSharedFlow<Int>()`: Kotlin's defaults, no buffer (a test double, as the fixture's has replay 3).
  private func rendezvousFlow(_ scope: StubScope) throws -> shared_kref_kotlinx_coroutines_flow_MutableSharedFlow {
    var status = shared_Status_ok
    let flow = scope.withCurrent {
      shared_Doubles_MutableSharedFlow(0, 0, Int32(shared_BufferOverflow_suspend.rawValue), &status)
    }
    try #require(status == shared_Status_ok && !flow.isNull)
    return flow
  }

  private func waitForSubscribers(
    _ count: Int32, of flow: shared_kref_kotlinx_coroutines_flow_MutableSharedFlow, in scope: StubScope
  ) async {
    let subscriptions = scope.withCurrent { shared_MutableSharedFlow_subscriptionCount(flow) }
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: eventTimeout)  // a hang guard, not a timing assumption
    while StateFlowAccess.value(subscriptions) != (shared_Status_ok, .int(count)) && clock.now < deadline {
      try? await Task.sleep(for: .milliseconds(1))
    }
    #expect(StateFlowAccess.value(subscriptions) == (shared_Status_ok, .int(count)))
    Kotlin.dispose(subscriptions)
  }

  @Test("no buffer: emit with no subscriber returns at once (the value is dropped), and tryEmit succeeds")
  func rendezvousWithoutSubscribers() async throws {
    try await withStubScope(.virtual) { scope in
      let flow = try rendezvousFlow(scope)
      let emit = CallRecorder()
      var value = Value.int(1)
      let call = try #require(scope.start(emit) { shared_MutableSharedFlow_emit(flow, &value, $0, $1) })
      #expect(await emit.waitForOutcome() == .completed(.unit))
      #expect(StateFlowAccess.tryEmit(flow, Value.int(2)) == (shared_Status_ok, true))
      #expect(StateFlowAccess.replayCache(flow) == (shared_Status_ok, .list([])))
      emit.expectWellFormed()
      #expect(call.release() == shared_Status_ok)
      Kotlin.dispose(flow)
    }
  }

  @Test(
    "no buffer: each emit returns once every subscriber took its value; tryEmit fails while there are subscribers",
    arguments: [ClockMode.real, .virtual], [1, 10_000])
  func rendezvous(clock: ClockMode, subscribers: Int) async throws {
    try await withStubScope(clock) { scope in
      let flow = try rendezvousFlow(scope)
      var collections: [(FlowCollection, Recorder)] = []
      for _ in 0..<subscribers {
        let recorder = Recorder(requestingEachBatch: true)
        let collection = try #require(scope.collect(flow, into: recorder))
        #expect(collection.request() == shared_Status_ok)
        collections.append((collection, recorder))
      }
      await waitForSubscribers(Int32(subscribers), of: flow, in: scope)
      #expect(StateFlowAccess.tryEmit(flow, Value.int(0)) == (shared_Status_ok, false))

      for number in Int32(1)...3 {
        let emit = CallRecorder()
        var value = Value.int(number)
        let call = try #require(scope.start(emit) { shared_MutableSharedFlow_emit(flow, &value, $0, $1) })
        // Stops here if it never returns, rather than waiting for 10 000 subscribers' items in turn.
        try #require(await emit.waitForOutcome() == .completed(.unit))
        emit.expectWellFormed()
        #expect(call.release() == shared_Status_ok)
      }
      for (collection, recorder) in collections {
        #expect(await recorder.waitForItems(3))
        #expect(recorder.items == [.int(1), .int(2), .int(3)])
        #expect(collection.cancel() == shared_Status_ok)
      }
      for (collection, recorder) in collections {
        #expect(await recorder.waitForTerminal() == .cancelled(byConsumer: true))
        #expect(collection.release() == shared_Status_ok)
      }
      await waitForSubscribers(0, of: flow, in: scope)
      Kotlin.dispose(flow)
    }
  }

  @Test("no buffer: a cancelled emit withdraws its value; a subscriber that had not taken it skips it")
  func rendezvousEmitCancelled() async throws {
    try await withStubScope { scope in
      let flow = try rendezvousFlow(scope)
      let eager = Recorder(requestingEachBatch: true)
      let eagerCollection = try #require(scope.collect(flow, into: eager))
      let busy = Recorder()  // takes a value, then its consumer asks for nothing until told
      let busyCollection = try #require(scope.collect(flow, into: busy))
      #expect(eagerCollection.request() == shared_Status_ok)
      #expect(busyCollection.request() == shared_Status_ok)
      await waitForSubscribers(2, of: flow, in: scope)

      func emit(_ number: Int32) throws -> (CallRecorder, SuspendCall) {
        let recorder = CallRecorder()
        var value = Value.int(number)
        return (recorder, try #require(scope.start(recorder) { shared_MutableSharedFlow_emit(flow, &value, $0, $1) }))
      }
      let (first, firstCall) = try emit(1)
      #expect(await first.waitForOutcome() == .completed(.unit))
      #expect(await busy.waitForItems(1))

      // The busy subscriber is still in its collector's emit(1): it cannot take 2, so emit(2) waits.
      let (second, secondCall) = try emit(2)
      #expect(await eager.waitForItems(2))
      #expect(second.outcome == nil, "emit waits for the busy subscriber")
      #expect(secondCall.cancel() == shared_Status_ok)
      #expect(await second.waitForOutcome() == .cancelled(byConsumer: true))

      #expect(busyCollection.request() == shared_Status_ok)  // back for its next value: 2 is gone
      let (third, thirdCall) = try emit(3)
      #expect(await busy.waitForItems(2))
      #expect(busyCollection.request() == shared_Status_ok)
      #expect(await third.waitForOutcome() == .completed(.unit))
      #expect(await eager.waitForItems(3))
      #expect(eager.items == [.int(1), .int(2), .int(3)])
      #expect(busy.items == [.int(1), .int(3)])

      for (collection, recorder) in [(eagerCollection, eager), (busyCollection, busy)] {
        #expect(collection.cancel() == shared_Status_ok)
        #expect(await recorder.waitForTerminal() == .cancelled(byConsumer: true))
        recorder.expectWellFormed(maxBatch: 1)
        #expect(collection.release() == shared_Status_ok)
      }
      for (recorder, call) in [(first, firstCall), (second, secondCall), (third, thirdCall)] {
        recorder.expectWellFormed()
        #expect(call.release() == shared_Status_ok)
      }
      Kotlin.dispose(flow)
    }
  }

  @Test("no buffer: a subscriber arriving while a value is on offer takes it too, and emit waits for it")
  func rendezvousLateSubscriber() async throws {
    try await withStubScope { scope in
      let flow = try rendezvousFlow(scope)
      let busy = Recorder()  // takes a value, then its consumer asks for nothing until told
      let busyCollection = try #require(scope.collect(flow, into: busy))
      #expect(busyCollection.request() == shared_Status_ok)
      await waitForSubscribers(1, of: flow, in: scope)

      func emit(_ number: Int32) throws -> (CallRecorder, SuspendCall) {
        let recorder = CallRecorder()
        var value = Value.int(number)
        return (recorder, try #require(scope.start(recorder) { shared_MutableSharedFlow_emit(flow, &value, $0, $1) }))
      }
      let (first, firstCall) = try emit(1)
      #expect(await first.waitForOutcome() == .completed(.unit))
      #expect(await busy.waitForItems(1))
      let (second, secondCall) = try emit(2)  // on offer: the busy subscriber is still in emit(1)

      let late = Recorder()
      let lateCollection = try #require(scope.collect(flow, into: late))
      #expect(lateCollection.request() == shared_Status_ok)
      #expect(await late.waitForItems(1))
      #expect(late.items == [.int(2)])
      #expect(second.outcome == nil, "emit still waits for the busy subscriber")
      #expect(busyCollection.request() == shared_Status_ok)
      #expect(await second.waitForOutcome() == .completed(.unit))
      #expect(await busy.waitForItems(2))
      #expect(busy.items == [.int(1), .int(2)])

      for (collection, recorder) in [(busyCollection, busy), (lateCollection, late)] {
        #expect(collection.cancel() == shared_Status_ok)
        #expect(await recorder.waitForTerminal() == .cancelled(byConsumer: true))
        recorder.expectWellFormed(maxBatch: 1)
        #expect(collection.release() == shared_Status_ok)
      }
      for (recorder, call) in [(first, firstCall), (second, secondCall)] {
        recorder.expectWellFormed()
        #expect(call.release() == shared_Status_ok)
      }
      Kotlin.dispose(flow)
    }
  }
}
