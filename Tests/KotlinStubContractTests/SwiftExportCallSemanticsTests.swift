import CInterop
import Testing

/// The suspend-call semantics of Swift export's bridge, through the raw C API: an undispatched start
/// for callers that are already cancelled, `delay(0)` as no suspension point, a cancelled job that
/// returns normally (`cancelsCaller`), withTimeout's cancellation, a non-Exception Throwable, and a
/// MutableStateFlow used as a MutableSharedFlow.
@Suite("Swift export call semantics (C API)", .timeLimit(.minutes(1)))
struct SwiftExportCallSemanticsTests {
  /// `start` with the continuation marked `callerCancelled`.
  private func cancelledCaller(
    _ start: @escaping (shared_Continuation, UnsafeMutablePointer<shared_Status>) -> shared_Call
  ) -> (shared_Continuation, UnsafeMutablePointer<shared_Status>) -> shared_Call {
    { continuation, status in
      var cancelled = continuation
      cancelled.callerCancelled = true
      return start(cancelled, status)
    }
  }

  @Test("a cancelled caller: callAfter(0) has no suspension point, so the block runs and 1 is the outcome")
  func cancelledCallerWithoutSuspension() async throws {
    try await withStubScope(.virtual) { scope in
      let block = BlockRecorder(returning: 1)
      let recorder = CallRecorder()
      let call = try #require(
        scope.start(recorder, cancelledCaller { shared_fixtures_callAfter(0, block.intBlock(), $0, $1) }))
      #expect(await recorder.waitForOutcome() == .completed(.int(1)))
      #expect(await block.waitForRelease())
      block.expectWellFormed(invocations: 1)
      #expect(call.release() == shared_Status_ok)
    }
  }

  @Test("a cancelled caller: callAfter(1)'s delay is the first suspension point and throws; no block call")
  func cancelledCallerWithSuspension() async throws {
    try await withStubScope(.virtual) { scope in
      let block = BlockRecorder(returning: 1)
      let recorder = CallRecorder()
      let call = try #require(
        scope.start(recorder, cancelledCaller { shared_fixtures_callAfter(1, block.intBlock(), $0, $1) }))
      #expect(await recorder.waitForOutcome() == .cancelled(byConsumer: true))
      #expect(await block.waitForRelease())
      block.expectWellFormed(invocations: 0)
      #expect(call.release() == shared_Status_ok)
    }
  }

  @Test("timeout: withTimeout's cancellation is neither the consumer's nor the caller's")
  func timeoutOutcome() async throws {
    try await withStubScope(.virtualAutoAdvance) { scope in
      let recorder = CallRecorder()
      let call = try #require(scope.start(recorder) { shared_fixtures_timeout(10, $0, $1) })
      #expect(await recorder.waitForOutcome() == .cancelled(byConsumer: false, cancelsCaller: false))
      #expect(call.release() == shared_Status_ok)
    }
  }

  @Test("cancelImmediately: cancelled by its own job, so the caller is told to cancel itself")
  func cancelImmediatelyOutcome() async throws {
    try await withStubScope { scope in
      let recorder = CallRecorder()
      let call = try #require(scope.start(recorder) { shared_fixtures_cancelImmediately($0, $1) })
      #expect(await recorder.waitForOutcome() == .cancelled(byConsumer: false, cancelsCaller: true))
      #expect(call.release() == shared_Status_ok)
    }
  }

  @Test("throwNonException: kotlin.Error is a Throwable and arrives as `failed`")
  func nonExceptionThrowable() async throws {
    try await withStubScope { scope in
      let recorder = CallRecorder()
      let call = try #require(
        scope.start(recorder) { continuation, status in
          "boom".withCString { shared_fixtures_throwNonException($0, continuation, status) }
        })
      #expect(await recorder.waitForOutcome() == .failed(Failure(className: "kotlin.Error", message: "boom")))
      #expect(call.release() == shared_Status_ok)
    }
  }

  @Test("testAny / testObject: the permanent object Foo, which disposing leaves alive")
  func fooResult() async throws {
    try await withStubScope(.virtualAutoAdvance) { scope in
      let recorder = CallRecorder()
      let call = try #require(scope.start(recorder) { shared_fixtures_testAny($0, $1) })
      #expect(await recorder.waitForOutcome() == .completed(.object))
      #expect(call.release() == shared_Status_ok)
      let foo = shared_symbols().pointee.kotlin.root.fixtures.Foo._instance()
      #expect(
        shared_symbols().pointee.IsInstance(foo.pinned, shared_symbols().pointee.kotlin.root.fixtures.Foo._type()))
      shared_symbols().pointee.DisposeStablePointer(foo.pinned)
    }
  }

  @Test("a MutableStateFlow as MutableSharedFlow: tryEmit and emit set the value; reset refused; count given")
  func mutableStateFlowAsMutableSharedFlow() async throws {
    try await withStubScope(misuses: 1) { scope in
      let subject = scope.withCurrent { Kotlin.Subject.make() }
      let counter = scope.withCurrent { Kotlin.Subject.counter(subject) }
      let asShared = shared_kref_kotlinx_coroutines_flow_MutableSharedFlow(pinned: counter.pinned)
      var seven = shared_Value()
      seven.kind = Int32(shared_ValueKind_int.rawValue)
      seven.as.i = 7
      var emitted = false
      #expect(shared_MutableSharedFlow_tryEmit(asShared, &seven, &emitted) == shared_Status_ok)
      #expect(emitted)
      var eight = seven
      eight.as.i = 8
      let recorder = CallRecorder()
      let call = try #require(scope.start(recorder) { shared_MutableSharedFlow_emit(asShared, &eight, $0, $1) })
      #expect(await recorder.waitForOutcome() == .completed(.unit))
      #expect(call.release() == shared_Status_ok)
      var value = shared_Value()
      #expect(
        shared_StateFlow_value(shared_kref_kotlinx_coroutines_flow_StateFlow(pinned: counter.pinned), &value)
          == shared_Status_ok)
      #expect(value.as.i == 8)
      shared_Value_dispose(&value)
      // Misuses are charged to the current scope.
      let reset = scope.withCurrent { shared_MutableSharedFlow_resetReplayCache(asShared) }
      #expect(reset == shared_Status_invalidArgument)
      #expect(scope.lastMisuse()?.contains("UnsupportedOperationException") == true)
      let subscriptions = scope.withCurrent { shared_MutableSharedFlow_subscriptionCount(asShared) }
      #expect(subscriptions.pinned != nil, "a MutableStateFlow's subscriptionCount is a StateFlow<Int>")
      if subscriptions.pinned != nil { Kotlin.symbols.DisposeStablePointer!(subscriptions.pinned) }
      Kotlin.dispose(counter)
      Kotlin.dispose(subject)
    }
  }
}
