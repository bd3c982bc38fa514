import CInterop
import Testing

/// One way of misusing the API. `perform` misuses it exactly once (cleaning up correctly otherwise) and returns
/// the status the refused call returned (nil for functions without one).
struct MisuseCase: Sendable, CustomTestStringConvertible {
  let name: String
  var clock: ClockMode = .real
  let expected: shared_Status?
  let perform: @Sendable (StubScope) async throws -> shared_Status?

  var testDescription: String { name }
}

/// A token no runtime ever issued.
let madeUpToken = Token(madeUp: 0xdead_0001)

extension MisuseCase {
  static let all: [MisuseCase] = [
    MisuseCase(name: "DisposeStablePointer twice", expected: nil) { scope in
      let store = scope.withCurrent { Kotlin.Store.make() }
      Kotlin.dispose(store)
      scope.withCurrent { Kotlin.dispose(store) }
      return nil
    },
    MisuseCase(name: "a Store used after it was disposed", expected: nil) { scope in
      let store = scope.withCurrent { Kotlin.Store.make() }
      Kotlin.dispose(store)
      scope.withCurrent { Kotlin.Store.increment(store) }
      return nil
    },
    MisuseCase(name: "StateFlow.value of a disposed flow", expected: shared_Status_disposedHandle) { scope in
      let store = scope.withCurrent { Kotlin.Store.make() }
      let state = scope.withCurrent { Kotlin.Store.state(store) }
      Kotlin.dispose(state)
      Kotlin.dispose(store)
      return scope.withCurrent { StateFlowAccess.value(state).0 }
    },
    MisuseCase(name: "IsInstance of a disposed kref answers false", expected: nil) { scope in
      let store = scope.withCurrent { Kotlin.Store.make() }
      Kotlin.dispose(store)
      #expect(!scope.withCurrent { Kotlin.isInstance(store, of: Kotlin.Store.type) })
      return nil
    },
    MisuseCase(name: "DisposeStablePointer of a made-up token", expected: nil) { scope in
      scope.withCurrent { Kotlin.dispose(madeUpToken) }
      return nil
    },
    MisuseCase(name: "a made-up token as a collection", expected: shared_Status_unknownHandle) { scope in
      scope.withCurrent { FlowCollection(token: madeUpToken).request() }
    },
    MisuseCase(name: "a made-up token as a call", expected: shared_Status_unknownHandle) { scope in
      scope.withCurrent { SuspendCall(token: madeUpToken).cancel() }
    },
    MisuseCase(name: "a made-up token as a flow", expected: shared_Status_unknownHandle) { scope in
      let (collection, status) = scope.tryCollect(FlowRef(pinned: madeUpToken.pointer), into: Recorder())
      #expect(collection == nil)
      return status
    },
    MisuseCase(name: "collecting a NULL flow", expected: shared_Status_nullArgument) { scope in
      let (collection, status) = scope.tryCollect(FlowRef(pinned: nil), into: Recorder())
      #expect(collection == nil)
      return status
    },
    MisuseCase(name: "a collector without onItems", expected: shared_Status_nullArgument) { scope in
      try collectWithout(onItems: true, in: scope)
    },
    MisuseCase(name: "a collector without onTerminal", expected: shared_Status_nullArgument) { scope in
      try collectWithout(onItems: false, in: scope)
    },
    MisuseCase(name: "a Store kref collected as a flow", expected: shared_Status_wrongKind) { scope in
      let store = scope.withCurrent { Kotlin.Store.make() }
      defer { Kotlin.dispose(store) }
      let (collection, status) = scope.tryCollect(store, into: Recorder())
      #expect(collection == nil)
      return status
    },
    MisuseCase(name: "a flow kref used as a collection handle", expected: shared_Status_wrongKind) { scope in
      let flow = scope.withCurrent { Kotlin.Fixtures.elements() }
      defer { Kotlin.dispose(flow) }
      return scope.withCurrent { FlowCollection(token: flow.token).request() }
    },
    MisuseCase(name: "a collection handle passed to DisposeStablePointer", expected: nil) { scope in
      let flow = scope.withCurrent { Kotlin.Fixtures.elements() }
      let recorder = Recorder(requestingEachBatch: true)
      let collection = try #require(scope.collect(flow, into: recorder))
      scope.withCurrent { Kotlin.dispose(collection.token) }
      // Refused, so the collection is untouched and works to its end.
      #expect(collection.request() == shared_Status_ok)
      #expect(await recorder.waitForTerminal() == .completed)
      #expect(recorder.items == [.element(1), .element(2), .element(3)])
      #expect(collection.release() == shared_Status_ok)
      Kotlin.dispose(flow)
      return nil
    },
    MisuseCase(name: "a scope handle passed to DisposeStablePointer", expected: nil) { scope in
      scope.withCurrent { Kotlin.dispose(scope.token) }
      #expect(scope.counters().liveStableRefs == 0, "the scope is still readable")
      return nil
    },
    MisuseCase(name: "a refused collect without a status pointer", expected: nil) { scope in
      let collector = shared_FlowCollector(context: nil, onItems: nil, onTerminal: nil)
      let collection = scope.withCurrent {
        shared_Flow_collect(FlowRef(pinned: nil), Policy.rendezvous.cValue, collector, nil)
      }
      #expect(collection.pinned == nil)
      return nil
    },
    MisuseCase(name: "StateFlow.value without an out pointer", expected: shared_Status_nullArgument) { scope in
      let subject = scope.withCurrent { Kotlin.Subject.make() }
      let counter = scope.withCurrent { Kotlin.Subject.counter(subject) }
      let status = scope.withCurrent { shared_StateFlow_value(counter.cast(), nil) }
      Kotlin.dispose(counter)
      Kotlin.dispose(subject)
      return status
    },
    MisuseCase(name: "a bounded buffer of capacity 0", expected: shared_Status_invalidArgument) { scope in
      try collectRefused(policy: .bounded(0), in: scope)
    },
    MisuseCase(name: "an unknown buffer kind", expected: shared_Status_invalidArgument) { scope in
      try collectRefused(policy: .raw(kind: 42, capacity: 1), in: scope)
    },
    MisuseCase(
      name: "a second request while one is outstanding", clock: .virtual, expected: shared_Status_requestPending
    ) {
      scope in
      let flow = scope.withCurrent { Kotlin.Fixtures.ticks(periodMillis: 1_000, count: 1) }
      let recorder = Recorder()
      let collection = try #require(scope.collect(flow, into: recorder))
      #expect(collection.request() == shared_Status_ok)
      let second = scope.withCurrent { collection.request() }
      // The first request is untouched: it is answered once, by the tick.
      #expect(scope.advance(by: 1_000) == shared_Status_ok)
      #expect(await recorder.waitForItems(1))
      #expect(recorder.batches == [[.long(0)]])
      #expect(collection.request() == shared_Status_ok)
      #expect(await recorder.waitForTerminal() == .completed)
      #expect(collection.release() == shared_Status_ok)
      Kotlin.dispose(flow)
      return second
    },
    MisuseCase(name: "releasing a collection twice", expected: shared_Status_disposedHandle) { scope in
      let collection = try await finishedCollection(in: scope)
      return scope.withCurrent { collection.release() }
    },
    MisuseCase(name: "a request after release", expected: shared_Status_disposedHandle) { scope in
      let collection = try await finishedCollection(in: scope)
      return scope.withCurrent { collection.request() }
    },
    MisuseCase(name: "releasing a call twice", expected: shared_Status_disposedHandle) { scope in
      let recorder = CallRecorder()
      let call = try #require(scope.start(recorder) { shared_fixtures_answer($0, $1) })
      #expect(await recorder.waitForOutcome() == .completed(.int(42)))
      #expect(call.release() == shared_Status_ok)
      return scope.withCurrent { call.release() }
    },
    MisuseCase(name: "a continuation without resume", expected: shared_Status_nullArgument) { scope in
      var status = shared_Status_ok
      let call = scope.withCurrent {
        shared_fixtures_answer(shared_Continuation(context: nil, resume: nil, callerCancelled: false), &status)
      }
      #expect(call.pinned == nil)
      return status
    },
    MisuseCase(name: "greet with a NULL name", expected: shared_Status_nullArgument) { scope in
      let recorder = CallRecorder()
      let (call, status) = scope.tryStart(recorder) { shared_fixtures_greet(nil, $0, $1) }
      #expect(call == nil)
      #expect(recorder.outcomeCount == 0)
      return status
    },
    MisuseCase(name: "collectInKotlin of a NULL flow", expected: shared_Status_nullArgument) { scope in
      let recorder = CallRecorder()
      let (call, status) = scope.tryStart(recorder) { shared_fixtures_collectInKotlin(FlowRef(pinned: nil), 2, $0, $1) }
      #expect(call == nil)
      return status
    },
    MisuseCase(name: "an Int set into a MutableStateFlow<Elem>", expected: shared_Status_invalidArgument) { scope in
      let subject = scope.withCurrent { Kotlin.Subject.make() }
      let mutable = scope.withCurrent { Kotlin.Subject.mutableStateFlow(subject) }
      let status = scope.withCurrent { StateFlowAccess.set(mutable, Value.int(3)) }
      #expect(StateFlowAccess.value(mutable) == (shared_Status_ok, .element(1)), "the value is unchanged")
      Kotlin.dispose(mutable)
      Kotlin.dispose(subject)
      return status
    },
    MisuseCase(name: "advanceBy on a real-time scope", expected: shared_Status_invalidArgument) { scope in
      scope.withCurrent { scope.advance(by: 10) }
    },
    MisuseCase(name: "advanceBy a negative duration", clock: .virtual, expected: shared_Status_invalidArgument) {
      scope in
      scope.withCurrent { scope.advance(by: -1) }
    },
    MisuseCase(name: "openScope with an unknown clock mode", expected: nil) { scope in
      let opened = scope.withCurrent { shared_TestRuntime_openScope(99) }
      #expect(opened.pinned == nil)
      return nil
    },
    MisuseCase(name: "closing a scope twice", expected: shared_Status_disposedHandle) { scope in
      let other = try #require(StubScope.open(.real))
      #expect(other.close() == shared_Status_ok)
      return scope.withCurrent { other.close() }
    },
  ]

  private static func collectWithout(onItems: Bool, in scope: StubScope) throws -> shared_Status {
    let flow = scope.withCurrent { Kotlin.Fixtures.elements() }
    defer { Kotlin.dispose(flow) }
    var collector = shared_FlowCollector(
      context: nil, onItems: { _, _, _ in }, onTerminal: { _, _ in })
    if onItems { collector.onItems = nil } else { collector.onTerminal = nil }
    var status = shared_Status_ok
    let collection = scope.withCurrent { shared_Flow_collect(flow, Policy.rendezvous.cValue, collector, &status) }
    #expect(collection.pinned == nil)
    return status
  }

  private static func collectRefused(policy: Policy, in scope: StubScope) throws -> shared_Status {
    let flow = scope.withCurrent { Kotlin.Fixtures.elements() }
    defer { Kotlin.dispose(flow) }
    let (collection, status) = scope.tryCollect(flow, policy: policy, into: Recorder())
    #expect(collection == nil)
    return status
  }

  /// A collection that completed and was released.
  private static func finishedCollection(in scope: StubScope) async throws -> FlowCollection {
    let flow = scope.withCurrent { Kotlin.Fixtures.noElements() }
    let recorder = Recorder()
    let collection = try #require(scope.collect(flow, into: recorder))
    #expect(collection.request() == shared_Status_ok)
    #expect(await recorder.waitForTerminal() == .completed)
    #expect(collection.release() == shared_Status_ok)
    Kotlin.dispose(flow)
    return collection
  }
}

@Suite("Misuse")
struct MisuseTests {
  @Test("a misuse is refused, counted exactly once with a message, and never crashes", arguments: MisuseCase.all)
  func misuseIsRefusedAndCounted(misuse: MisuseCase) async throws {
    try await withStubScope(misuse.clock, misuses: 1) { scope in
      let status = try await misuse.perform(scope)
      #expect(status == misuse.expected)
      let message = scope.lastMisuse()
      #expect(message?.isEmpty == false, "lastMisuse: \(String(describing: message))")
    }
  }

  @Test("a fresh scope has no misuse and no last misuse message")
  func freshScopeHasNoMisuse() async throws {
    try await withStubScope { scope in
      #expect(scope.lastMisuse() == nil)
      #expect(scope.counters().misuses == 0)
    }
  }

  @Test("`finished` is harmless and not a misuse; NULL krefs are ignored by DisposeStablePointer and IsInstance")
  func harmlessCallsAreNotMisuses() async throws {
    try await withStubScope { scope in
      scope.withCurrent {
        Kotlin.dispose(Token(nil))
        #expect(!Kotlin.isInstance(Token(nil), of: Kotlin.Types.elem))
        Kotlin.symbols.DisposeString!(nil)
        shared_Value_dispose(nil)
      }
      #expect(scope.counters().misuses == 0)
    }
  }
}
