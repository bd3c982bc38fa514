import CInterop
import Testing

@Suite("Identity and types")
struct IdentityAndTypeTests {
  @Test("object krefs are permanent: identical every time, not counted, and disposing them does nothing")
  func objectKrefsArePermanent() async throws {
    try await withStubScope { scope in
      let first = scope.withCurrent { Kotlin.element(1) }
      let second = scope.withCurrent { Kotlin.element(1) }
      #expect(Kotlin.identical(first, second))
      #expect(scope.counters().liveStableRefs == 0)
      scope.withCurrent {
        Kotlin.dispose(first)
        Kotlin.dispose(first)
      }
      #expect(Kotlin.isInstance(first, of: Kotlin.Types.element(1)), "still alive after dispose")
      #expect(Kotlin.identical(first, Kotlin.element(1)))
    }
  }

  @Test("the three elements are distinct objects")
  func elementsAreDistinct() async throws {
    try await withStubScope { scope in
      for (a, b) in [(1, 2), (2, 3), (1, 3)] {
        #expect(!scope.withCurrent { Kotlin.identical(Kotlin.element(a), Kotlin.element(b)) })
      }
    }
  }

  @Test("IsInstance: ElementN is an Elem and an ElementN, nothing else", arguments: [1, 2, 3])
  func elementTypes(number: Int) async throws {
    try await withStubScope { scope in
      let element = scope.withCurrent { Kotlin.element(number) }
      #expect(Kotlin.isInstance(element, of: Kotlin.Types.elem))
      for other in 1...3 {
        #expect(Kotlin.isInstance(element, of: Kotlin.Types.element(other)) == (other == number), "Element\(other)")
      }
      #expect(!Kotlin.isInstance(element, of: Kotlin.Store.type))
      #expect(!Kotlin.isInstance(element, of: Kotlin.Throwable.type))
      #expect(!Kotlin.isInstance(element, of: Kotlin.Types.subject))
    }
  }

  @Test("items of a flow are the permanent element objects")
  func flowItemsAreThePermanentObjects() async throws {
    try await withStubScope { scope in
      let flow = scope.withCurrent { Kotlin.Fixtures.nullableElements() }
      let recorder = Recorder(requestingEachBatch: true, keepObjects: true)
      let collection = try #require(scope.collect(flow, into: recorder))
      #expect(collection.request() == shared_Status_ok)
      #expect(await recorder.waitForTerminal() == .completed)
      let kept = recorder.kept
      #expect(kept.count == 3)
      for (token, number) in zip(kept, 1...3) {
        #expect(shared_Any_identical(token.pointer, Kotlin.element(number).pinned), "Element\(number)")
      }
      kept.forEach(Kotlin.dispose)
      recorder.expectWellFormed()
      #expect(collection.release() == shared_Status_ok)
      Kotlin.dispose(flow)
    }
  }

  @Test("Store and Subject instances: their own types, distinct objects, each kref counted")
  func classInstances() async throws {
    try await withStubScope { scope in
      let (store, otherStore) = scope.withCurrent { (Kotlin.Store.make(), Kotlin.Store.make()) }
      let subject = scope.withCurrent { Kotlin.Subject.make() }
      #expect(Kotlin.isInstance(store, of: Kotlin.Store.type))
      #expect(!Kotlin.isInstance(store, of: Kotlin.Types.elem))
      #expect(Kotlin.isInstance(subject, of: Kotlin.Types.subject))
      #expect(!Kotlin.identical(store, otherStore))
      #expect(Kotlin.identical(store, store))

      // Two krefs to one object: identical, and each is a stable ref to release.
      let (state, sameState) = scope.withCurrent { (Kotlin.Store.state(store), Kotlin.Store.state(store)) }
      #expect(Kotlin.identical(state, sameState))
      #expect(scope.counters().liveStableRefs == 5)
      for ref in [state.token, sameState.token, subject.token, otherStore.token, store.token] { Kotlin.dispose(ref) }
    }
  }

  @Test("Subject's read-only views are the very objects of its mutable flows")
  func readOnlyViewsAreTheSameObjects() async throws {
    try await withStubScope { scope in
      let subject = scope.withCurrent { Kotlin.Subject.make() }
      let refs = scope.withCurrent {
        (
          Kotlin.Subject.stateFlow(subject), Kotlin.Subject.mutableStateFlow(subject),
          Kotlin.Subject.sharedFlow(subject), Kotlin.Subject.mutableSharedFlow(subject)
        )
      }
      #expect(Kotlin.identical(refs.0, refs.1))
      #expect(Kotlin.identical(refs.2, refs.3))
      #expect(!Kotlin.identical(refs.0, refs.2))
      for token in [refs.0.token, refs.1.token, refs.2.token, refs.3.token, subject.token] { Kotlin.dispose(token) }
    }
  }

  @Test("a received exception is an owned kref: a Throwable, not an Elem, charged to the scope until disposed")
  func exceptionKref() async throws {
    try await withStubScope { scope in
      let flow = scope.withCurrent { Kotlin.Fixtures.failing() }
      let recorder = Recorder(requestingEachBatch: true, keepObjects: true)
      let collection = try #require(scope.collect(flow, into: recorder))
      #expect(collection.request() == shared_Status_ok)
      #expect(await recorder.waitForTerminal() == .failed(.illegalState("Flow has failed")))
      #expect(collection.release() == shared_Status_ok)
      // Kept: Element1, Element2 (permanent) and the exception.
      let throwables = recorder.kept.filter { Kotlin.isInstance($0, of: Kotlin.Throwable.type) }
      try #require(throwables.count == 1)
      let throwable = ThrowableRef(pinned: throwables[0].pointer)
      #expect(!Kotlin.isInstance(throwable, of: Kotlin.Types.elem))
      #expect(Kotlin.Throwable.className(throwable) == "kotlin.IllegalStateException")
      #expect(scope.counters().liveStableRefs == 2, "the flow and the exception")
      recorder.kept.forEach(Kotlin.dispose)
      recorder.expectWellFormed()
      Kotlin.dispose(flow)
    }
  }
}
