import KotlinFixtures
import Testing

/// When a collection starts, that each iteration runs a cold flow anew, and what `next()` answers
/// once the end was reported.
@Suite("Collection lifecycle", .timeLimit(.minutes(1)))
struct CollectionLifecycleTests {
  @Test("nothing is collected before the first next()")
  func startsLazily() async throws {
    try await withLeakCheckedScope { scope in
      let flow = range(count: 3)
      let sequence = flow.asAsyncSequence()
      let iterator = sequence.makeAsyncIterator()
      #expect(scope.snapshot().collectionsStarted == 0)
      let first = try await iterator.next()
      #expect(first == 0)
      #expect(scope.snapshot().collectionsStarted == 1)
      let second = try await iterator.next()
      #expect(second == 1)
      #expect(scope.snapshot().collectionsStarted == 1)
    }
  }

  @Test("an iterator that is dropped before next() never starts a collection")
  func droppedBeforeStart() async throws {
    try await withLeakCheckedScope { scope in
      do {
        let sequence = elements().asAsyncSequence(bufferingPolicy: .batched)
        _ = sequence.makeAsyncIterator()
        _ = sequence.makeAsyncIterator()
      }
      #expect(scope.snapshot().collectionsStarted == 0)
    }
  }

  @Test("iterating one sequence twice runs the Kotlin producer twice", arguments: Policies.lossless)
  func reiterationRunsAgain(policy: KotlinBufferingPolicy) async throws {
    try await withLeakCheckedScope { scope in
      let sequence = words().asAsyncSequence(bufferingPolicy: policy)
      var first: [String] = []
      for try await word in sequence { first.append(word) }
      var second: [String] = []
      for try await word in sequence { second.append(word) }
      #expect(first == ["hello", "any", "world"])
      #expect(second == first)
      #expect(scope.snapshot().collectionsStarted == 2)
    }
  }

  @Test("a failing cold flow fails again on every iteration")
  func reiterationFailsAgain() async throws {
    try await withLeakCheckedScope { scope in
      let flow = failing()
      for _ in 0..<3 {
        let run = await drain(flow)
        #expect(run.elements == [Element1.shared, Element2.shared] as [Elem])
        #expect(
          (run.error as? ExportedKotlinPackages.kotlin.IllegalStateException)?.toString()
            == "kotlin.IllegalStateException: Flow has failed")
      }
      #expect(scope.snapshot().collectionsStarted == 3)
    }
  }

  @Test("two iterators of one sequence are independent collections", arguments: Policies.lossless)
  func independentIterators(policy: KotlinBufferingPolicy) async throws {
    try await withLeakCheckedScope { scope in
      let sequence = range(count: 4).asAsyncSequence(bufferingPolicy: policy)
      let left = sequence.makeAsyncIterator()
      let right = sequence.makeAsyncIterator()
      var leftValues: [Int32] = []
      var rightValues: [Int32] = []
      for _ in 0..<5 {
        if let value = try await left.next() { leftValues.append(value) }
        if let value = try await right.next() { rightValues.append(value) }
      }
      #expect(leftValues == [0, 1, 2, 3])
      #expect(rightValues == [0, 1, 2, 3])
      #expect(scope.snapshot().collectionsStarted == 2)
    }
  }

  @Test("after the end every later next() returns nil and nothing restarts", arguments: Policies.all)
  func nilAfterCompletion(policy: KotlinBufferingPolicy) async throws {
    try await withLeakCheckedScope { scope in
      let iterator = noElements().asAsyncSequence(bufferingPolicy: policy).makeAsyncIterator()
      var answers: [Elem?] = []
      for _ in 0..<4 { answers.append(try await iterator.next()) }
      #expect(answers == [nil, nil, nil, nil])

      let numbers = range(count: 2).asAsyncSequence(bufferingPolicy: policy).makeAsyncIterator()
      var seen: [Int32] = []
      while let n = try await numbers.next() { seen.append(n) }
      #expect(seen.last == 1)
      var later: [Int32?] = []
      for _ in 0..<3 { later.append(try await numbers.next()) }
      #expect(later == [nil, nil, nil])
      #expect(scope.snapshot().collectionsStarted == 2)
    }
  }
}
