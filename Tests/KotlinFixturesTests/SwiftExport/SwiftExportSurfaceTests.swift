import KotlinCoroutineSupport
import KotlinFixtures
import KotlinRuntime
import KotlinRuntimeSupport
import Testing

/// The declarations of Swift export's KotlinCoroutineSupport that the execution tests do not reach:
/// the untyped flow protocols, re-typing a flow object, MutableStateFlow as a MutableSharedFlow, the
/// class iterator, `asyncSequence(for:)`, and a conforming type that provides only `_flow`.
@Suite("Swift export surface: KotlinCoroutineSupport", .timeLimit(.minutes(1)))
struct SwiftExportSurfaceTests {
  @Test("a MutableStateFlow is a MutableSharedFlow: emit and tryEmit set the value, never suspending")
  func mutableStateFlowIsMutableSharedFlow() async throws {
    try await withLeakCheckedScope { _ in
      let subject = Subject()
      let shared: any KotlinTypedMutableSharedFlow<Elem> = subject.mutableStateFlow
      try await shared.emit(value: Element2.shared)
      #expect(subject.stateFlow.value == Element2.shared)
      #expect(shared.tryEmit(value: Element3.shared))
      #expect(subject.mutableStateFlow.value == Element3.shared)
      #expect(shared.replayCache == [Element3.shared])
    }
  }

  @Test("the untyped protocols: value, compareAndSet and replayCache as (any _KotlinBridgeable)?")
  func untypedProtocols() async throws {
    try await withLeakCheckedScope { _ in
      let subject = Subject()
      let counter: any KotlinMutableStateFlow = subject.counter.wrapped
      counter.value = Int32(5)
      #expect(counter.value as? Int32 == 5)
      #expect(counter.compareAndSet(expect: Int32(5), update: Int32(6)))
      #expect(!counter.compareAndSet(expect: Int32(5), update: Int32(7)))
      #expect(subject.counter.value == 6)

      let sharedFlow: any KotlinMutableSharedFlow = subject.mutableSharedFlow.wrapped
      #expect(sharedFlow.tryEmit(value: Element1.shared))
      try await sharedFlow.emit(value: Element2.shared)
      #expect(sharedFlow.replayCache.map { $0 as? Elem } == [Element1.shared, Element2.shared])
      sharedFlow.resetReplayCache()
      #expect(subject.sharedFlow.replayCache.isEmpty)

      let state: any KotlinStateFlow = Store().state.wrapped
      #expect(state.value as? Int32 == 0)
      #expect(state.replayCache.map { $0 as? Int32 } == [0])
    }
  }

  @Test("_KotlinTyped…Impl(_:) re-types a flow object: same elements, decoded by their Kotlin kind")
  func retyping() async throws {
    try await withLeakCheckedScope { _ in
      let optional = _KotlinTypedFlowImpl<Elem?>(elements()._flow)
      var seen: [Elem?] = []
      for try await element in optional.asAsyncSequence() { seen.append(element) }
      #expect(seen == [Element1.shared, Element2.shared, Element3.shared])

      let anyElements = _KotlinTypedFlowImpl<any _KotlinBridgeable>(lists()._flow)
      var lists: [[Int32]] = []
      for try await list in anyElements.asAsyncSequence() { lists.append(try #require(list as? [Int32])) }
      #expect(lists == [[1], [2], [3]])

      let store = Store()
      let state = _KotlinTypedStateFlowImpl<Int32>(store.state.wrapped)
      store.increment()
      #expect(state.value == 1)

      let subject = Subject()
      let mutable = _KotlinTypedMutableStateFlowImpl<Elem>(subject.mutableStateFlow.wrapped)
      mutable.value = Element3.shared
      #expect(subject.stateFlow.value == Element3.shared)
      let sharedFlow = _KotlinTypedSharedFlowImpl<Elem>(subject.sharedFlow.wrapped)
      #expect(sharedFlow.replayCache.isEmpty)
    }
  }

  @Test("re-typing with the wrong element type ends the iteration with unexpectedValue, naming both types")
  func wrongRetyping() async throws {
    try await withLeakCheckedScope { _ in
      let strings = _KotlinTypedFlowImpl<String>(elements()._flow)
      let error = await #expect(throws: KotlinInteropError.self) {
        for try await _ in strings.asAsyncSequence() {}
      }
      #expect(error?.code == .unexpectedValue)
      #expect(error.map { "\($0)" }?.contains("expected String") == true)
      #expect(error.map { "\($0)" }?.contains("Element1") == true)
    }
  }

  @Test("the iterator is a class: `let iterator` advances with next() and next(isolation:)")
  func classIterator() async throws {
    try await withLeakCheckedScope { _ in
      let iterator = words().asAsyncSequence().makeAsyncIterator()
      let first = try await iterator.next()
      let second = try await iterator.next(isolation: nil)
      let third = try await iterator.next()
      let end = try await iterator.next()
      #expect([first, second, third] == ["hello", "any", "world"])
      #expect(end == nil)
    }
  }

  /// Deprecated as in Swift export (a migration aid from KMP-NativeCoroutines); the test is marked
  /// deprecated too, so calling it is not a warning.
  @available(*, deprecated)
  @Test("asyncSequence(for:) is asAsyncSequence()")
  func asyncSequenceFor() async throws {
    try await withLeakCheckedScope { _ in
      var seen: [String] = []
      for try await word in asyncSequence(for: words()) { seen.append(word) }
      #expect(seen == ["hello", "any", "world"])
    }
  }

  /// What a type outside the package must provide to be a typed flow: `_flow` only. Every member
  /// (value, emit, the sequence) then works through the untyped object.
  private struct Counter: KotlinTypedMutableStateFlow {
    typealias Element = Int32
    let _flow: any KotlinFlow
  }

  @Test("a conforming type that provides only _flow gets value, compareAndSet, emit and asAsyncSequence")
  func conformingType() async throws {
    try await withLeakCheckedScope { _ in
      let subject = Subject()
      let counter = Counter(_flow: subject.counter.wrapped)
      counter.value = 3
      #expect(counter.compareAndSet(expect: 3, update: 4))
      try await counter.emit(value: 5)
      #expect(counter.tryEmit(value: 6))
      #expect(subject.counter.value == 6)
      let iterator = counter.asAsyncSequence().makeAsyncIterator()
      let first = try await iterator.next()
      #expect(first == 6)
    }
  }

  @Test("Any is any _KotlinBridgeable: testAny() is Foo.shared")
  func anyResult() async throws {
    try await withLeakCheckedScope(clock: .virtualAutoAdvance) { _ in
      let any: any KotlinRuntimeSupport._KotlinBridgeable = try await testAny()
      #expect(any as? Foo === Foo.shared)
      #expect(any is KotlinRuntime.KotlinBase)
    }
  }
}
