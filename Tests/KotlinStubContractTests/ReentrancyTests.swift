import CInterop
import Locking
import Testing

@Suite("Re-entrant calls from callbacks")
struct ReentrancyTests {
  @Test("requesting the next batch from inside onItems drives a long flow without deadlock")
  func requestFromOnItems() async throws {
    try await withStubScope { scope in
      let flow = scope.withCurrent { Kotlin.Fixtures.range(2_000) }
      let recorder = Recorder(requestingEachBatch: true)
      let collection = try #require(scope.collect(flow, into: recorder))
      #expect(collection.request() == shared_Status_ok)
      #expect(await recorder.waitForTerminal() == .completed)
      #expect(recorder.items == (0..<2_000).map { .int($0) })
      #expect(recorder.reentrantStatuses == Array(repeating: shared_Status_ok, count: 2_000))
      recorder.expectWellFormed(maxBatch: 1)
      #expect(collection.release() == shared_Status_ok)
      Kotlin.dispose(flow)
    }
  }

  @Test("cancelling from inside onItems ends the collection with `cancelled`")
  func cancelFromOnItems() async throws {
    try await withStubScope { scope in
      let flow = scope.withCurrent { Kotlin.Fixtures.elements() }
      let recorder = Recorder(Recorder.Reactions(requestAfterEachBatch: true, cancelAfterItems: 2))
      let collection = try #require(scope.collect(flow, into: recorder))
      #expect(collection.request() == shared_Status_ok)
      #expect(await recorder.waitForTerminal() == .cancelled(byConsumer: true))
      #expect(recorder.items == [.element(1), .element(2)])
      #expect(recorder.reentrantStatuses == [shared_Status_ok, shared_Status_ok])
      recorder.expectWellFormed()
      #expect(collection.release() == shared_Status_ok)
      Kotlin.dispose(flow)
    }
  }

  @Test("releasing from inside onItems implies cancel; onTerminal still follows")
  func releaseFromOnItems() async throws {
    try await withStubScope { scope in
      let flow = scope.withCurrent { Kotlin.Fixtures.elements() }
      let recorder = Recorder(Recorder.Reactions(releaseAfterItems: 1))
      let collection = try #require(scope.collect(flow, into: recorder))
      #expect(collection.request() == shared_Status_ok)
      #expect(await recorder.waitForTerminal() == .cancelled(byConsumer: true))
      #expect(recorder.items == [.element(1)])
      #expect(recorder.reentrantStatuses == [shared_Status_ok])
      recorder.expectWellFormed()
      Kotlin.dispose(flow)
    }
  }

  @Test("releasing from inside onTerminal", arguments: [false, true])
  func releaseFromOnTerminal(cancelled: Bool) async throws {
    try await withStubScope { scope in
      let flow = scope.withCurrent { Kotlin.Fixtures.elements() }
      let recorder = Recorder(Recorder.Reactions(requestAfterEachBatch: !cancelled, releaseOnTerminal: true))
      let collection = try #require(scope.collect(flow, into: recorder))
      #expect((cancelled ? collection.cancel() : collection.request()) == shared_Status_ok)
      let expected: TerminalEvent = cancelled ? .cancelled(byConsumer: true) : .completed
      #expect(await recorder.waitForTerminal() == expected)
      #expect(recorder.reentrantStatuses.last == shared_Status_ok)
      recorder.expectWellFormed()
      Kotlin.dispose(flow)
    }
  }

  @Test("a second request from inside onItems, while its own request is outstanding, is refused")
  func doubleRequestFromOnItems() async throws {
    try await withStubScope(misuses: 1) { scope in
      let flow = scope.withCurrent { Kotlin.Fixtures.elements() }
      let recorder = Recorder(
        Recorder.Reactions(
          requestAfterEachBatch: true,
          onItems: { collection, batch in
            batch == [.element(1)] ? [collection.request()] : []
          }))
      let collection = try #require(scope.collect(flow, into: recorder))
      #expect(collection.request() == shared_Status_ok)
      #expect(await recorder.waitForTerminal() == .completed)
      #expect(recorder.items == [.element(1), .element(2), .element(3)])
      #expect(recorder.reentrantStatuses.prefix(2) == [shared_Status_ok, shared_Status_requestPending])
      recorder.expectWellFormed(maxBatch: 1)
      #expect(collection.release() == shared_Status_ok)
      Kotlin.dispose(flow)
    }
  }

  @Test("callbacks may call other functions of the API: Store.increment and StateFlow.value inside onItems")
  func otherCallsFromOnItems() async throws {
    try await withStubScope { scope in
      let store = scope.withCurrent { Kotlin.Store.make() }
      let state = scope.withCurrent { Kotlin.Store.state(store) }
      let flow = scope.withCurrent { Kotlin.Fixtures.elements() }
      let (storeToken, stateToken) = (store.token, state.token)
      let readings = Locked<[Item]>([])
      let recorder = Recorder(
        Recorder.Reactions(
          requestAfterEachBatch: true,
          onItems: { _, _ in
            Kotlin.Store.increment(StoreRef(pinned: storeToken.pointer))
            var value = shared_Value()
            let status = shared_StateFlow_value(StateFlowRef(pinned: stateToken.pointer), &value)
            let item = Item.taking(&value)
            readings.withLock { $0.append(item) }
            return [status]
          }))
      let collection = try #require(scope.collect(flow, into: recorder))
      #expect(collection.request() == shared_Status_ok)
      #expect(await recorder.waitForTerminal() == .completed)
      #expect(readings.withLock { $0 } == [.int(1), .int(2), .int(3)])
      #expect(recorder.reentrantStatuses.allSatisfy { $0 == shared_Status_ok })
      recorder.expectWellFormed()
      #expect(collection.release() == shared_Status_ok)
      for ref in [flow.token, state.token, store.token] { Kotlin.dispose(ref) }
    }
  }

  @Test(
    "releasing or cancelling a call from inside its own resume", arguments: [CallRecorder.Reaction.release, .cancel])
  func callReactionFromResume(reaction: CallRecorder.Reaction) async throws {
    try await withStubScope(.virtual) { scope in
      let block = BlockRecorder(returning: 5)
      let recorder = CallRecorder(reaction: reaction)
      let call = try #require(scope.start(recorder) { shared_fixtures_callAfter(1_000, block.intBlock(), $0, $1) })
      #expect(scope.advance(by: 1_000) == shared_Status_ok)
      #expect(await recorder.waitForOutcome() == .completed(.int(5)))
      // Inside resume the outcome is being delivered: cancel is harmless (ok or finished); release is allowed.
      let status = recorder.reentrantStatus
      switch reaction {
      case .release: #expect(status == shared_Status_ok)
      default:
        #expect(status == shared_Status_ok || status == shared_Status_finished, "\(String(describing: status))")
        #expect(call.release() == shared_Status_ok)
      }
      recorder.expectWellFormed()
      #expect(await block.waitForRelease())
      block.expectWellFormed(invocations: 1)
    }
  }
}
