import KotlinFixtures
import Testing

/// Every way of leaving a loop early cancels the Kotlin collection: the producer of a flow that
/// would run for a million elements runs its `finally`, and nothing stays alive in the scope
/// (``withLeakCheckedScope(clock:isolation:sourceLocation:_:)`` proves it at the end of each test).
///
/// `range(count:)` is endless only for the lossless policies — under `.conflated` its producer never
/// waits and finishes at once — so `.conflated` is covered with a StateFlow, which never completes.
@Suite("Early exit cancels the Kotlin collection", .timeLimit(.minutes(1)))
struct EarlyExitTests {
  private struct StopConsuming: Error {}

  private static let endless: Int32 = 1_000_000

  @Test("break", arguments: Policies.lossless)
  func breakOut(policy: KotlinBufferingPolicy) async throws {
    try await withLeakCheckedScope { scope in
      var last: Int32 = -1
      for try await n in range(count: Self.endless).asAsyncSequence(bufferingPolicy: policy) {
        last = n
        if n >= 3 { break }
      }
      #expect((3..<Self.endless).contains(last))
      #expect(scope.snapshot().collectionsStarted == 1)
    }
  }

  @Test("return from the enclosing function", arguments: Policies.lossless)
  func returnOut(policy: KotlinBufferingPolicy) async throws {
    try await withLeakCheckedScope { scope in
      let found = try await firstMultiple(of: 5, in: range(count: Self.endless), policy: policy)
      #expect(found.map { $0 > 0 && $0.isMultiple(of: 5) } == true)
      #expect(scope.snapshot().collectionsStarted == 1)
    }
  }

  private func firstMultiple(of divisor: Int32, in flow: any KotlinTypedFlow<Int32>, policy: KotlinBufferingPolicy)
    async throws -> Int32?
  {
    for try await n in flow.asAsyncSequence(bufferingPolicy: policy) where n > 0 && n.isMultiple(of: divisor) {
      return n
    }
    return nil
  }

  @Test("an error thrown by the loop body", arguments: Policies.lossless)
  func throwOut(policy: KotlinBufferingPolicy) async throws {
    try await withLeakCheckedScope { scope in
      await #expect(throws: StopConsuming.self) {
        for try await n in range(count: Self.endless).asAsyncSequence(bufferingPolicy: policy) where n >= 2 {
          throw StopConsuming()
        }
      }
      #expect(scope.snapshot().collectionsStarted == 1)
    }
  }

  @Test("dropping the iterator", arguments: Policies.lossless)
  func dropIterator(policy: KotlinBufferingPolicy) async throws {
    try await withLeakCheckedScope { scope in
      do {
        let iterator = range(count: Self.endless).asAsyncSequence(bufferingPolicy: policy).makeAsyncIterator()
        let first = try await iterator.next()
        let second = try await iterator.next()
        #expect(first.map { $0 >= 0 } == true)
        #expect(second.map { $0 > first ?? .max } == true)
      }
      #expect(scope.snapshot().collectionsStarted == 1)
    }
  }

  @Test("cancelling the consuming task", arguments: Policies.lossless)
  func cancelTask(policy: KotlinBufferingPolicy) async throws {
    try await withLeakCheckedScope { scope in
      let sequence = range(count: Self.endless).asAsyncSequence(bufferingPolicy: policy)
      let (firstElement, firstElementArrived) = AsyncStream<Void>.makeStream()
      let consumer = Task {
        defer { firstElementArrived.finish() }
        var count = 0
        for try await _ in sequence {
          count += 1
          if count == 1 { firstElementArrived.yield() }
        }
        return count
      }
      for await _ in firstElement { break }
      consumer.cancel()
      await #expect(throws: CancellationError.self) { try await consumer.value }
      #expect(scope.snapshot().collectionsStarted == 1)
    }
  }

  @MainActor
  @Test("cancelling the task while the producer waits in delay()")
  func cancelDuringDelay() async throws {
    try await withLeakCheckedScope(clock: .virtual) { scope in
      let sequence = ticks(periodMillis: 60_000, count: 3).asAsyncSequence()
      let (started, markStarted) = AsyncStream<Void>.makeStream()
      let consumer = Task { @MainActor in
        // Nothing suspends between here and the first next() starting the collection, so once the
        // test (also on the main actor) runs again, the collection exists.
        markStarted.finish()
        for try await tick in sequence { Issue.record("tick \(tick) arrived without virtual time passing") }
      }
      for await _ in started {}
      scope.advance(byMillis: 0)  // returns once the producer has run up to its first delay()
      consumer.cancel()
      await #expect(throws: CancellationError.self) { try await consumer.value }
      #expect(scope.currentTimeMillis == 0)
      #expect(scope.snapshot().collectionsStarted == 1)
    }
  }

  @Test("break before the first element of a hot flow that never completes", arguments: Policies.all)
  func breakOutOfStateFlow(policy: KotlinBufferingPolicy) async throws {
    try await withLeakCheckedScope { scope in
      let store = Store()
      for try await value in store.state.asAsyncSequence(bufferingPolicy: policy) {
        #expect(value == 0)
        break
      }
      #expect(scope.snapshot().collectionsStarted == 1)
    }
  }

  @Test("conflated: break, return, throw, drop and cancel each end a never-ending StateFlow collection")
  func conflatedExits() async throws {
    try await withLeakCheckedScope { scope in
      let store = Store()
      let sequence = store.state.asAsyncSequence(bufferingPolicy: .conflated)

      for try await value in sequence where value == 0 { break }

      let firstValue = try await first(of: sequence)
      #expect(firstValue == 0)

      await #expect(throws: StopConsuming.self) {
        for try await _ in sequence { throw StopConsuming() }
      }

      do {
        let iterator = sequence.makeAsyncIterator()
        let current = try await iterator.next()
        #expect(current == 0)
      }

      let (firstElement, firstElementArrived) = AsyncStream<Void>.makeStream()
      let consumer = Task {
        defer { firstElementArrived.finish() }
        for try await _ in sequence { firstElementArrived.yield() }
      }
      for await _ in firstElement { break }
      consumer.cancel()
      await #expect(throws: CancellationError.self) { try await consumer.value }
      #expect(scope.snapshot().collectionsStarted == 5)
    }
  }

  private func first(of sequence: KotlinFlowSequence<Int32>) async throws -> Int32? {
    for try await value in sequence { return value }
    return nil
  }
}
