import KotlinFixtures
import Testing

/// Swift export's execution tests for flows (JetBrains/kotlin,
/// native/swift/swift-export-standalone-integration-tests/coroutines/testData/execution/sequences),
/// one test here per upstream test, named after it. Upstream runs each body in `Task.detached`;
/// here a plain `Task` runs it, so that it inherits the test's Kotlin runtime scope (its clock and
/// its leak check), over this package's fixture module (the upstream
/// declaration is named in each test). Upstream paces its emitters with sleeps; here the emitter
/// waits for the collector's acknowledgement, so the element sequences are exact on every run.
@Suite("Swift export execution tests: sequences", .timeLimit(.minutes(1)))
struct SequencesExecutionTests {
  @Test("testRegular: testRegular() ≙ elements() yields Element1, Element2, Element3")
  func testRegular() async throws {
    try await withLeakCheckedScope { _ in
      let (result, cancelled) = await collectInTask(elements().asAsyncSequence())
      #expect(!cancelled)
      let values = try result.get()
      #expect(values == [Element1.shared, Element2.shared, Element3.shared])
    }
  }

  @Test("testNullable: testNullable() ≙ nullableElements() yields nulls as nil")
  func testNullable() async throws {
    try await withLeakCheckedScope { _ in
      let (result, cancelled) = await collectInTask(nullableElements().asAsyncSequence())
      #expect(!cancelled)
      let values = try result.get()
      #expect(values == [Element1.shared, nil, Element2.shared, nil, Element3.shared])
    }
  }

  @Test("testString: testString() ≙ words() yields Swift Strings")
  func testString() async throws {
    try await withLeakCheckedScope { _ in
      let (result, cancelled) = await collectInTask(words().asAsyncSequence())
      #expect(!cancelled)
      let values = try result.get()
      #expect(values == ["hello", "any", "world"])
    }
  }

  @Test("testList: testList() ≙ lists() yields [Int32] arrays")
  func testList() async throws {
    try await withLeakCheckedScope { _ in
      let (result, cancelled) = await collectInTask(lists().asAsyncSequence())
      #expect(!cancelled)
      let values = try result.get()
      #expect(values == [[1], [2], [3]])
    }
  }

  @Test("testPrimitive: testPrimitive(): Flow<UInt> ≙ unsigned() yields UInt32")
  func testPrimitive() async throws {
    try await withLeakCheckedScope { _ in
      let (result, cancelled) = await collectInTask(unsigned().asAsyncSequence())
      #expect(!cancelled)
      let values = try result.get()
      #expect(values == [1, 2, 3] as [UInt32])
    }
  }

  @Test("testEmpty: testEmpty() ≙ noElements() completes without an element")
  func testEmpty() async throws {
    try await withLeakCheckedScope { _ in
      let task = Task<Void, any Error> {
        for try await _ in noElements().asAsyncSequence() { throw CancellationError() }
      }
      let result = await task.result
      #expect(!task.isCancelled)
      #expect((try? result.get()) != nil)
    }
  }

  /// Upstream returns the `[(any _KotlinBridgeable)?]` from its task, which Swift 6 refuses
  /// (`_KotlinBridgeable` is not `Sendable`, in Swift export either): the task returns what the
  /// upstream test checks, element by element, instead.
  @Test("testUnit: testUnit(): Flow<Unit?> ≙ units() yields (any _KotlinBridgeable)?: Unit, nil, Unit")
  func testUnit() async throws {
    try await withLeakCheckedScope { _ in
      let task = Task<[Bool], any Error> {
        var actual: [(any _KotlinBridgeable)?] = []
        for try await element in units().asAsyncSequence() { actual.append(element) }
        return actual.map { $0 != nil }
      }
      let present = try await task.result.get()
      #expect(!task.isCancelled)
      #expect(present == [true, false, true])
    }
  }

  @Test("testFailing: testFailing() ≙ failing(): two elements through a class iterator, then the exception")
  func testFailing() async throws {
    try await withLeakCheckedScope { _ in
      let task = Task<Void, any Error> {
        let iterator = failing().asAsyncSequence().makeAsyncIterator()
        let first = try await iterator.next()
        #expect(first == Element1.shared)
        let second = try await iterator.next()
        #expect(second == Element2.shared)
        _ = try await iterator.next()
      }
      let result = await task.result
      #expect(!task.isCancelled)
      #expect(throws: ExportedKotlinPackages.kotlin.IllegalStateException.self) { try result.get() }
      if case .failure(let error) = result { #expect(String(describing: error).contains("Flow has failed")) }
    }
  }

  @Test("testDiscarding: testDiscarding() ≙ discarding(): an iterator dropped at once, at the end or midway")
  func testDiscarding() async throws {
    try await withLeakCheckedScope { scope in
      let immediately = Task<Void, any Error> {
        _ = discarding().asAsyncSequence().makeAsyncIterator()
      }
      #expect((try? await immediately.result.get()) != nil)
      #expect(!immediately.isCancelled)

      let atEnd = Task<Void, any Error> {
        let iterator = discarding().asAsyncSequence().makeAsyncIterator()
        let first = try await iterator.next()
        let second = try await iterator.next()
        let third = try await iterator.next()
        #expect([first, second, third] == [Element1.shared, Element2.shared, Element3.shared])
      }
      #expect((try? await atEnd.result.get()) != nil)
      #expect(!atEnd.isCancelled)

      let midway = Task<Void, any Error> {
        let iterator = discarding().asAsyncSequence().makeAsyncIterator()
        let first = try await iterator.next()
        #expect(first == Element1.shared)
      }
      #expect((try? await midway.result.get()) != nil)
      #expect(!midway.isCancelled)
      // The exception after Element3 was never asked for: dropping the iterators cancelled the
      // producers (the leak check at the end proves each one ran its `finally`).
      _ = scope
    }
  }

  @Test("testStateFlow: CurrentSubject ≙ Subject: a StateFlow collected while Swift sets values")
  func testStateFlow() async throws {
    try await withLeakCheckedScope { _ in
      let expected: [Elem] = [Element1.shared, Element2.shared, Element3.shared]
      let subject = Subject()
      #expect(subject.stateFlow.value == expected.first)
      let (received, receivedElement) = AsyncStream<Void>.makeStream()
      let collect = Task<[Elem], any Error> {
        var actual: [Elem] = []
        for try await element in subject.stateFlow.asAsyncSequence() {
          actual.append(element)
          receivedElement.yield()
          guard actual.count < 3 else { break }
        }
        return actual
      }
      let emit = Task<Void, any Error> {
        var acknowledgements = received.makeAsyncIterator()
        subject.mutableStateFlow.value = Element1.shared  // equal to the current value: nothing emitted
        await acknowledgements.next()
        subject.mutableStateFlow.value = Element2.shared
        await acknowledgements.next()
        subject.mutableStateFlow.value = Element3.shared
      }
      #expect((try? await emit.result.get()) != nil)
      let values = try await collect.result.get()
      #expect(values == expected)
      #expect(!emit.isCancelled && !collect.isCancelled)
      #expect(subject.stateFlow.value == expected.last)
    }
  }

  @Test("testCollectMutableStateFlowInKotlin: testCollect/testUpdateValue ≙ collectInKotlin/setValue")
  func testCollectMutableStateFlowInKotlin() async throws {
    try await withLeakCheckedScope { scope in
      let mutableStateFlow = Subject().mutableStateFlow
      let collect = Task<[Elem], any Error> { try await collectInKotlin(flow: mutableStateFlow, count: 3) }
      // Set the next value only when the Kotlin collector has taken the last one: the call has
      // started, and nothing of the scope is running or queued (the collector waits for a change).
      try await waitForPendingCall(in: scope)
      for value in [Element1.shared, Element2.shared, Element3.shared] {
        #expect(scope.waitUntilIdle(timeoutMillis: 30_000))
        setValue(flow: mutableStateFlow, value: value)
      }
      let values = try await collect.value
      #expect(values == [Element1.shared, Element2.shared, Element3.shared])
      #expect(!collect.isCancelled)
    }
  }

  @Test("testSharedFlow: CurrentSubject.sharedFlow ≙ Subject.sharedFlow: three emits, collected in order")
  func testSharedFlow() async throws {
    try await withLeakCheckedScope { _ in
      let subject = Subject()
      let collect = Task<[Elem], any Error> {
        var actual: [Elem] = []
        for try await element in subject.sharedFlow.asAsyncSequence() {
          actual.append(element)
          guard actual.count < 3 else { break }
        }
        return actual
      }
      let emit = Task<Void, any Error> {
        try await subject.mutableSharedFlow.emit(value: Element1.shared)
        try await subject.mutableSharedFlow.emit(value: Element2.shared)
        try await subject.mutableSharedFlow.emit(value: Element3.shared)
      }
      #expect((try? await emit.result.get()) != nil)
      // replay = 3: the collector gets all three whenever it subscribed.
      let values = try await collect.result.get()
      #expect(values == [Element1.shared, Element2.shared, Element3.shared])
      #expect(!emit.isCancelled && !collect.isCancelled)
    }
  }
}
