import CInterop
import Testing

@Suite("StateFlow")
struct StateFlowTests {
  @Test("Store.state starts at 0; increment and reset change it")
  func storeState() async throws {
    try await withStubScope { scope in
      let store = scope.withCurrent { Kotlin.Store.make() }
      let state = scope.withCurrent { Kotlin.Store.state(store) }
      #expect(StateFlowAccess.value(state) == (shared_Status_ok, .int(0)))
      Kotlin.Store.increment(store)
      Kotlin.Store.increment(store)
      #expect(StateFlowAccess.value(state) == (shared_Status_ok, .int(2)))
      Kotlin.Store.reset(store)
      #expect(StateFlowAccess.value(state) == (shared_Status_ok, .int(0)))
      Kotlin.dispose(state)
      Kotlin.dispose(store)
    }
  }

  @Test(
    "a StateFlow collection delivers the current value first",
    arguments: [Policy.rendezvous, .bounded(4), .unbounded, .conflated])
  func currentValueFirst(policy: Policy) async throws {
    try await withStubScope { scope in
      let subject = scope.withCurrent { Kotlin.Subject.make() }
      let stateFlow = scope.withCurrent { Kotlin.Subject.stateFlow(subject) }
      let counter = scope.withCurrent { Kotlin.Subject.counter(subject) }
      #expect(StateFlowAccess.set(counter, Value.int(7)) == shared_Status_ok)

      let elements = Recorder()
      let numbers = Recorder()
      let collections = try [
        #require(scope.collect(stateFlow, policy: policy, into: elements)),
        #require(scope.collect(counter, policy: policy, into: numbers)),
      ]
      for collection in collections {
        #expect(collection.request() == shared_Status_ok)
      }
      #expect(await elements.waitForItems(1))
      #expect(await numbers.waitForItems(1))
      #expect(elements.items == [.element(1)])
      #expect(numbers.items == [.int(7)])
      for (collection, recorder) in zip(collections, [elements, numbers]) {
        #expect(collection.cancel() == shared_Status_ok)
        #expect(await recorder.waitForTerminal() == .cancelled(byConsumer: true))
        recorder.expectWellFormed()
        #expect(collection.release() == shared_Status_ok)
      }
      for ref in [counter.token, stateFlow.token, subject.token] { Kotlin.dispose(ref) }
    }
  }

  @Test("setting a value equal to the current one emits nothing")
  func equalValueEmitsNothing() async throws {
    try await withStubScope { scope in
      let subject = scope.withCurrent { Kotlin.Subject.make() }
      let mutable = scope.withCurrent { Kotlin.Subject.mutableStateFlow(subject) }
      let recorder = Recorder()
      let collection = try #require(scope.collect(mutable, into: recorder))
      #expect(collection.request() == shared_Status_ok)
      #expect(await recorder.waitForItems(1))
      #expect(collection.request() == shared_Status_ok)

      // Both ways of setting: the generated `setValue` fixture and the convention function.
      Kotlin.Fixtures.setValue(mutable, Kotlin.element(1))
      #expect(StateFlowAccess.set(mutable, Value.element(1)) == shared_Status_ok)
      // The request is outstanding: had Element1 been emitted again, it would arrive before Element2.
      Kotlin.Fixtures.setValue(mutable, Kotlin.element(2))
      #expect(await recorder.waitForItems(2))
      #expect(recorder.items == [.element(1), .element(2)])

      #expect(collection.request() == shared_Status_ok)
      #expect(StateFlowAccess.set(mutable, Value.element(2)) == shared_Status_ok)
      #expect(StateFlowAccess.set(mutable, Value.element(3)) == shared_Status_ok)
      #expect(await recorder.waitForItems(3))
      #expect(recorder.items == [.element(1), .element(2), .element(3)])

      #expect(collection.cancel() == shared_Status_ok)
      #expect(await recorder.waitForTerminal() == .cancelled(byConsumer: true))
      recorder.expectWellFormed(maxBatch: 1)
      #expect(collection.release() == shared_Status_ok)
      Kotlin.dispose(mutable)
      Kotlin.dispose(subject)
    }
  }

  @Test("a slow collector sees the latest value, never a backlog", arguments: [Policy.rendezvous, .conflated])
  func slowCollectorSeesLatest(policy: Policy) async throws {
    try await withStubScope { scope in
      let subject = scope.withCurrent { Kotlin.Subject.make() }
      let counter = scope.withCurrent { Kotlin.Subject.counter(subject) }
      let recorder = Recorder()
      let collection = try #require(scope.collect(counter, policy: policy, into: recorder))
      #expect(collection.request() == shared_Status_ok)
      #expect(await recorder.waitForItems(1))

      for value in Int32(1)...10 {
        #expect(StateFlowAccess.set(counter, Value.int(value)) == shared_Status_ok)
      }
      #expect(collection.request() == shared_Status_ok)
      #expect(await recorder.waitForItems(2))
      #expect(recorder.batches == [[.int(0)], [.int(10)]])

      #expect(collection.request() == shared_Status_ok)
      #expect(StateFlowAccess.set(counter, Value.int(11)) == shared_Status_ok)
      #expect(await recorder.waitForItems(3))
      #expect(recorder.items == [.int(0), .int(10), .int(11)])

      #expect(collection.cancel() == shared_Status_ok)
      #expect(await recorder.waitForTerminal() == .cancelled(byConsumer: true))
      recorder.expectWellFormed(maxBatch: 1)
      #expect(collection.release() == shared_Status_ok)
      Kotlin.dispose(counter)
      Kotlin.dispose(subject)
    }
  }

  @Test(
    "bounded and unbounded collections deliver observed values in order, without repeats, ending with the latest",
    arguments: [Policy.bounded(4), .unbounded])
  func bufferedStateFlowIsOrdered(policy: Policy) async throws {
    try await withStubScope { scope in
      let subject = scope.withCurrent { Kotlin.Subject.make() }
      let counter = scope.withCurrent { Kotlin.Subject.counter(subject) }
      let recorder = Recorder(requestingEachBatch: true)
      let collection = try #require(scope.collect(counter, policy: policy, into: recorder))
      #expect(collection.request() == shared_Status_ok)
      #expect(await recorder.waitForItems(1), "the current value, 0, once the producer observes the flow")
      for value in Int32(1)...50 {
        #expect(StateFlowAccess.set(counter, Value.int(value)) == shared_Status_ok)
      }
      #expect(await recorder.wait { $0.items.last == .int(50) })
      let values = recorder.items.compactMap { item -> Int32? in
        if case .int(let value) = item { value } else { nil }
      }
      #expect(values.count == recorder.items.count)
      #expect(values.first == 0)
      #expect(zip(values, values.dropFirst()).allSatisfy { $0 < $1 }, "\(values)")

      #expect(collection.cancel() == shared_Status_ok)
      #expect(await recorder.waitForTerminal() == .cancelled(byConsumer: true))
      recorder.expectWellFormed()
      #expect(collection.release() == shared_Status_ok)
      Kotlin.dispose(counter)
      Kotlin.dispose(subject)
    }
  }

  @Test("compareAndSet swaps only when the expected value is the current one")
  func compareAndSet() async throws {
    try await withStubScope { scope in
      let subject = scope.withCurrent { Kotlin.Subject.make() }
      let counter = scope.withCurrent { Kotlin.Subject.counter(subject) }
      let mutable = scope.withCurrent { Kotlin.Subject.mutableStateFlow(subject) }

      #expect(
        StateFlowAccess.compareAndSet(counter, expect: Value.int(0), update: Value.int(5)) == (shared_Status_ok, true))
      #expect(
        StateFlowAccess.compareAndSet(counter, expect: Value.int(0), update: Value.int(6)) == (shared_Status_ok, false))
      #expect(StateFlowAccess.value(counter) == (shared_Status_ok, .int(5)))

      let swap = StateFlowAccess.compareAndSet(mutable, expect: Value.element(1), update: Value.element(2))
      #expect(swap == (shared_Status_ok, true))
      let noSwap = StateFlowAccess.compareAndSet(mutable, expect: Value.element(1), update: Value.element(3))
      #expect(noSwap == (shared_Status_ok, false))
      #expect(StateFlowAccess.value(mutable) == (shared_Status_ok, .element(2)))
      for ref in [mutable.token, counter.token, subject.token] { Kotlin.dispose(ref) }
    }
  }

  @Test("fixtures.setValue writes the flow that stateFlow reads, and the value read back is the same object")
  func setValueFixture() async throws {
    try await withStubScope { scope in
      let subject = scope.withCurrent { Kotlin.Subject.make() }
      let mutable = scope.withCurrent { Kotlin.Subject.mutableStateFlow(subject) }
      let readOnly = scope.withCurrent { Kotlin.Subject.stateFlow(subject) }
      Kotlin.Fixtures.setValue(mutable, Kotlin.element(3))

      var value = shared_Value()
      #expect(shared_StateFlow_value(readOnly, &value) == shared_Status_ok)
      #expect(value.kind == Int32(shared_ValueKind_object.rawValue))
      #expect(shared_Any_identical(value.as.object, Kotlin.element(3).pinned))
      shared_Value_dispose(&value)
      for ref in [readOnly.token, mutable.token, subject.token] { Kotlin.dispose(ref) }
    }
  }

  @Test("a StateFlow is readable and writable from any thread; increment and compareAndSet are atomic")
  func readableAndWritableFromAnyThread() async throws {
    try await withStubScope { scope in
      let store = scope.withCurrent { Kotlin.Store.make() }
      let state = scope.withCurrent { Kotlin.Store.state(store) }
      let subject = scope.withCurrent { Kotlin.Subject.make() }
      let counter = scope.withCurrent { Kotlin.Subject.counter(subject) }
      let (storeToken, stateToken, counterToken) = (store.token, state.token, counter.token)

      let readingsInRange = await withTaskGroup(of: Bool.self) { group in
        for _ in 0..<8 {
          group.addTask {
            let store = StoreRef(pinned: storeToken.pointer)
            let state = StateFlowRef(pinned: stateToken.pointer)
            let counter = MutableStateFlowRef(pinned: counterToken.pointer)
            var inRange = true
            for _ in 0..<100 {
              Kotlin.Store.increment(store)
              if case (shared_Status_ok, .int(let value)) = StateFlowAccess.value(state) {
                inRange = inRange && (1...800).contains(value)
              } else {
                inRange = false
              }
              // An increment built from compareAndSet: retried until it wins.
              while true {
                guard case (shared_Status_ok, .int(let current)) = StateFlowAccess.value(counter) else { return false }
                let (status, swapped) = StateFlowAccess.compareAndSet(
                  counter, expect: Value.int(current), update: Value.int(current + 1))
                guard status == shared_Status_ok else { return false }
                if swapped { break }
              }
            }
            return inRange
          }
        }
        return await group.allSatisfy { $0 }
      }
      #expect(readingsInRange)
      #expect(StateFlowAccess.value(state) == (shared_Status_ok, .int(800)))
      #expect(StateFlowAccess.value(counter) == (shared_Status_ok, .int(800)))
      for ref in [counter.token, subject.token, state.token, store.token] { Kotlin.dispose(ref) }
    }
  }

  @Test("1 000 concurrent collections of one StateFlow each get the current value")
  func thousandCollections() async throws {
    try await withStubScope { scope in
      let subject = scope.withCurrent { Kotlin.Subject.make() }
      let counter = scope.withCurrent { Kotlin.Subject.counter(subject) }
      #expect(StateFlowAccess.set(counter, Value.int(7)) == shared_Status_ok)
      let counterToken = counter.token

      let started = await withTaskGroup(of: [(FlowCollection, Recorder)].self) { group in
        for _ in 0..<8 {
          group.addTask {
            (0..<125).compactMap { _ in
              let recorder = Recorder()
              guard let collection = scope.collect(MutableStateFlowRef(pinned: counterToken.pointer), into: recorder)
              else { return nil }
              return collection.request() == shared_Status_ok ? (collection, recorder) : nil
            }
          }
        }
        return await group.reduce(into: []) { $0 += $1 }
      }
      try #require(started.count == 1_000)
      #expect(scope.counters().collectionsStarted == 1_000)
      for (_, recorder) in started {
        #expect(await recorder.waitForItems(1))
        #expect(recorder.items == [.int(7)])
      }
      for (collection, _) in started {
        #expect(collection.cancel() == shared_Status_ok)
      }
      for (collection, recorder) in started {
        #expect(await recorder.waitForTerminal() == .cancelled(byConsumer: true))
        #expect(collection.release() == shared_Status_ok)
      }
      #expect(started.allSatisfy { $0.1.state.discipline.violations.isEmpty })
      Kotlin.dispose(counter)
      Kotlin.dispose(subject)
    }
  }
}
