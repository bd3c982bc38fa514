import CInterop
import Locking
import Testing

@Suite("Scopes")
struct ScopeTests {
  @Test("setCurrentScope makes a scope current on this thread and returns the previous one")
  func setCurrentScopeReturnsPrevious() async throws {
    try await withStubScope { first in
      try await withStubScope { second in
        let original = shared_TestRuntime_setCurrentScope(first.handle)
        let afterFirst = shared_TestRuntime_setCurrentScope(second.handle)
        let afterSecond = shared_TestRuntime_setCurrentScope(original)
        #expect(Token(afterFirst.pinned) == first.token)
        #expect(Token(afterSecond.pinned) == second.token)
      }
    }
  }

  @Test("krefs are charged to the scope current when they are created, and nowhere else")
  func krefsAreChargedToTheCurrentScope() async throws {
    try await withStubScope { first in
      try await withStubScope { second in
        let store = first.withCurrent { Kotlin.Store.make() }
        let state = first.withCurrent { Kotlin.Store.state(store) }
        #expect(first.counters().liveStableRefs == 2)
        #expect(second.counters().liveStableRefs == 0)
        // Permanent object krefs are not counted.
        _ = second.withCurrent { Kotlin.element(1) }
        #expect(second.counters().liveStableRefs == 0)
        Kotlin.dispose(state)
        #expect(first.counters().liveStableRefs == 1)
        Kotlin.dispose(store)
        #expect(first.counters().liveStableRefs == 0)
      }
    }
  }

  @Test("collections and calls belong to the scope that was current; scope counts add up in the global counters")
  func countersArePerScopeAndGlobal() async throws {
    try await withStubScope { first in
      try await withStubScope { second in
        var global = shared_Counters()
        #expect(shared_TestRuntime_counters(shared_Scope(pinned: nil), &global) == shared_Status_ok)
        let globalStartedBefore = global.collectionsStarted

        let flow = first.withCurrent { Kotlin.Fixtures.elements() }
        let recorders = (0..<3).map { _ in Recorder() }
        let collections = try recorders.map { try #require(first.collect(flow, into: $0)) }
        let call = CallRecorder()
        let handle = try #require(first.start(call) { shared_fixtures_neverCompletes($0, $1) })

        let counters = first.counters()
        #expect(counters.collectionsStarted == 3)
        #expect(counters.liveCollections == 3)
        #expect(counters.pendingCalls == 1)
        #expect(counters.liveStableRefs == 1)
        let other = second.counters()
        #expect(other.collectionsStarted == 0)
        #expect(other.liveCollections == 0)
        #expect(other.pendingCalls == 0)
        #expect(other.liveStableRefs == 0)
        // Other tests run in parallel, so the global counters can only be bounded from below.
        #expect(shared_TestRuntime_counters(shared_Scope(pinned: nil), &global) == shared_Status_ok)
        #expect(global.collectionsStarted - globalStartedBefore >= 3)
        #expect(global.liveCollections >= 3)
        #expect(global.pendingCalls >= 1)
        #expect(global.liveScopes >= 2)

        for (collection, recorder) in zip(collections, recorders) {
          #expect(collection.cancel() == shared_Status_ok)
          #expect(await recorder.waitForTerminal() == .cancelled(byConsumer: true))
          #expect(collection.release() == shared_Status_ok)
        }
        #expect(handle.release() == shared_Status_ok)
        #expect(await call.waitForOutcome() == .cancelled(byConsumer: true))
        Kotlin.dispose(flow)
      }
    }
  }

  @Test("a worker makes the task's scope current while a callback runs")
  func callbacksRunInTheirScope() async throws {
    try await withStubScope { scope in
      let flow = scope.withCurrent { Kotlin.Fixtures.elements() }
      let created = Locked<[Token]>([])
      let recorder = Recorder(
        Recorder.Reactions(onItems: { _, _ in
          // No scope is made current by the test here: the kref must be charged to the task's scope.
          let store = Kotlin.Store.make()
          created.withLock { $0.append(store.token) }
          return []
        }))
      let collection = try #require(scope.collect(flow, into: recorder))
      #expect(collection.request() == shared_Status_ok)
      #expect(await recorder.waitForItems(1))
      let tokens = created.withLock { $0 }
      try #require(tokens.count == 1)
      #expect(scope.counters().liveStableRefs == 2, "the flow and the Store created inside onItems")
      Kotlin.dispose(tokens[0])

      #expect(collection.cancel() == shared_Status_ok)
      #expect(await recorder.waitForTerminal() == .cancelled(byConsumer: true))
      recorder.expectWellFormed()
      #expect(collection.release() == shared_Status_ok)
      Kotlin.dispose(flow)
    }
  }

  @Test("closeScope cancels the collections and calls still running in it")
  func closeScopeCancelsWork() async throws {
    // The refs live in `owner`, the collection and the call in `closing`, whose counters vanish when it closes.
    try await withStubScope { owner in
      let closing = try #require(StubScope.open(.real))
      let flow = owner.withCurrent { Kotlin.Fixtures.elements() }
      let recorder = Recorder()
      let collection = try #require(closing.collect(flow, into: recorder))
      #expect(collection.request() == shared_Status_ok)
      #expect(await recorder.waitForItems(1))
      let call = CallRecorder()
      let handle = try #require(closing.start(call) { shared_fixtures_neverCompletes($0, $1) })
      let counters = closing.counters()
      #expect(counters.liveCollections == 1)
      #expect(counters.pendingCalls == 1)

      #expect(closing.close() == shared_Status_ok)
      #expect(await recorder.waitForTerminal()?.kind == .cancelled)
      #expect(await call.waitForOutcome()?.kind == .cancelled)
      recorder.expectWellFormed()
      call.expectWellFormed()
      // The handles are still the consumer's to release.
      #expect(collection.release() == shared_Status_ok)
      #expect(handle.release() == shared_Status_ok)
      Kotlin.dispose(flow)
    }
  }

  @Test("work in a closed scope's neighbour is untouched")
  func closingOneScopeLeavesOthersAlone() async throws {
    try await withStubScope { survivor in
      let closing = try #require(StubScope.open(.real))
      let flow = survivor.withCurrent { Kotlin.Fixtures.elements() }
      let recorder = Recorder()
      let collection = try #require(survivor.collect(flow, into: recorder))
      #expect(collection.request() == shared_Status_ok)
      #expect(await recorder.waitForItems(1))
      #expect(closing.close() == shared_Status_ok)

      #expect(collection.request() == shared_Status_ok)
      #expect(await recorder.waitForItems(2))
      #expect(recorder.items == [.element(1), .element(2)])
      #expect(recorder.terminal == nil)
      #expect(collection.cancel() == shared_Status_ok)
      #expect(await recorder.waitForTerminal() == .cancelled(byConsumer: true))
      recorder.expectWellFormed()
      #expect(collection.release() == shared_Status_ok)
      Kotlin.dispose(flow)
    }
  }
}
