import Foundation
import KotlinFixtures
import Testing

/// StateFlow: the current value is readable from any thread; a collection delivers the current value
/// first, then changes; equal values are skipped; a slow consumer sees the latest value, not a backlog.
@Suite("StateFlow", .timeLimit(.minutes(1)))
struct StateFlowTests {
  @Test("Store.state starts at 0; increment() and reset() change it")
  func storeValue() async throws {
    try await withLeakCheckedScope { _ in
      let store = Store()
      #expect(store.state.value == 0)
      store.increment()
      store.increment()
      #expect(store.state.value == 2)
      #expect(store.state.replayCache == [2])
      store.reset()
      #expect(store.state.value == 0)
    }
  }

  @Test("a collection delivers the current value first, then the latest value at each request")
  func collectsChanges() async throws {
    try await withLeakCheckedScope { _ in
      let store = Store()
      store.increment()
      let iterator = store.state.asAsyncSequence().makeAsyncIterator()
      var seen: [Int32?] = [try await iterator.next()]  // 1
      store.increment()
      seen.append(try await iterator.next())  // 2
      store.increment()
      store.increment()
      seen.append(try await iterator.next())  // 4: the consumer was slow; 3 is conflated away
      store.reset()
      seen.append(try await iterator.next())  // 0
      #expect(seen == [1, 2, 4, 0])
    }
  }

  @Test("a value equal to the last one delivered is not delivered again")
  func equalValuesSkipped() async throws {
    try await withLeakCheckedScope { _ in
      let subject = Subject()
      let iterator = subject.counter.asAsyncSequence().makeAsyncIterator()
      var seen: [Int32?] = [try await iterator.next()]
      subject.counter.value = 5
      seen.append(try await iterator.next())
      subject.counter.value = 5
      subject.counter.value = 6
      seen.append(try await iterator.next())
      subject.counter.value = 7
      subject.counter.value = 6  // back to the value last delivered: the consumer never sees 7 or 6
      subject.counter.value = 8
      seen.append(try await iterator.next())
      #expect(seen == [0, 5, 6, 8])
    }
  }

  @Test("compareAndSet swaps only from the expected value")
  func compareAndSet() async throws {
    try await withLeakCheckedScope { _ in
      let subject = Subject()
      #expect(subject.counter.compareAndSet(expect: 0, update: 10))
      #expect(!subject.counter.compareAndSet(expect: 0, update: 20))
      #expect(subject.counter.value == 10)
      #expect(subject.mutableStateFlow.compareAndSet(expect: Element1.shared, update: Element3.shared))
      #expect(!subject.mutableStateFlow.compareAndSet(expect: Element1.shared, update: Element2.shared))
      #expect(subject.stateFlow.value === Element3.shared)
    }
  }

  @Test("a StateFlow of objects: initial value, setValue(flow:value:), the read-only view shares the value")
  func objectStateFlow() async throws {
    try await withLeakCheckedScope { _ in
      let subject = Subject()
      #expect(subject.mutableStateFlow.value === Element1.shared)
      #expect(subject.stateFlow.value === Element1.shared)
      setValue(flow: subject.mutableStateFlow, value: Element2.shared)
      #expect(subject.stateFlow.value === Element2.shared)
      #expect(subject.stateFlow.replayCache == [Element2.shared] as [Elem])
      subject.mutableStateFlow.value = Element3.shared
      #expect(subject.mutableStateFlow.value === Element3.shared)
    }
  }

  @Test("values set from Swift reach a Swift collector of the read-only view", arguments: Policies.all)
  func swiftCollectorSeesSwiftWrites(policy: KotlinBufferingPolicy) async throws {
    try await withLeakCheckedScope { _ in
      let subject = Subject()
      let iterator = subject.stateFlow.asAsyncSequence(bufferingPolicy: policy).makeAsyncIterator()
      var seen: [Elem?] = [try await iterator.next()]
      setValue(flow: subject.mutableStateFlow, value: Element2.shared)
      seen.append(try await iterator.next())
      subject.mutableStateFlow.value = Element3.shared
      seen.append(try await iterator.next())
      #expect(seen == [Element1.shared, Element2.shared, Element3.shared] as [Elem?])
    }
  }

  @Test("a value set from Swift is what a collector in Kotlin sees")
  func kotlinCollectorSeesSwiftWrites() async throws {
    try await withLeakCheckedScope { _ in
      let subject = Subject()
      let initial = try await collectInKotlin(flow: subject.stateFlow, count: 1)
      #expect(initial == [Element1.shared] as [Elem])
      setValue(flow: subject.mutableStateFlow, value: Element3.shared)
      let afterSet = try await collectInKotlin(flow: subject.stateFlow, count: 1)
      #expect(afterSet == [Element3.shared] as [Elem])
      subject.mutableStateFlow.value = Element2.shared
      let viaMutable = try await collectInKotlin(flow: subject.mutableStateFlow, count: 1)
      #expect(viaMutable == [Element2.shared] as [Elem])
    }
  }

  /// A background task increments the counter 10 000 times while a `@MainActor` loop, slower than
  /// the writer, observes it: it must see a strictly increasing subsequence that ends at 10 000.
  @MainActor
  @Test("conflation under a slow @MainActor consumer", .serialized, arguments: Policies.all)
  func conflationOnMainActor(policy: KotlinBufferingPolicy) async throws {
    try await withLeakCheckedScope { _ in
      let subject = Subject()
      let counter = subject.counter
      try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { await Self.increment(counter, times: 10_000) }
        var seen: [Int32] = []
        for try await value in counter.asAsyncSequence(bufferingPolicy: policy) {
          MainActor.assertIsolated()
          seen.append(value)
          if value == 10_000 { break }
          for _ in 0..<5 { Self.simulateWork() }
        }
        try await group.waitForAll()
        #expect(isStrictlyIncreasing(seen), "not strictly increasing: \(seen.prefix(20))…")
        #expect(seen.first.map { $0 >= 0 } == true)
        #expect(seen.last == 10_000)
        #expect(counter.value == 10_000)
      }
    }
  }

  /// Runs off the main actor (a nonisolated async function runs on the global executor), paced by a
  /// little work per increment so that the writes spread over many deliveries.
  private nonisolated static func increment(_ counter: any KotlinTypedMutableStateFlow<Int32>, times: Int) async {
    #expect(!Thread.isMainThread)
    for _ in 0..<times {
      counter.value += 1
      simulateWork()
    }
  }

  private nonisolated static func simulateWork() {
    var hasher = Hasher()
    for index in 0..<200 { hasher.combine(index) }
    _ = hasher.finalize()
  }
}
