import CInterop

/// A `shared_Call` handle as a `Sendable` value.
struct SuspendCall: Sendable, Hashable {
  let token: Token

  var handle: shared_Call { shared_Call(pinned: token.pointer) }

  func cancel() -> shared_Status { shared_Call_cancel(handle) }
  func release() -> shared_Status { shared_Call_release(handle) }
}

extension StubScope {
  /// Starts a suspend call in this scope with `recorder` as its continuation; nil (and the status) when refused.
  ///
  /// `start` receives the continuation and the status pointer, e.g. `{ shared_fixtures_answer($0, $1) }`.
  func tryStart(
    _ recorder: CallRecorder, _ start: (shared_Continuation, UnsafeMutablePointer<shared_Status>) -> shared_Call
  ) -> (SuspendCall?, shared_Status) {
    var status = shared_Status_ok
    let continuation = recorder.continuation()
    let handle = withCurrent { start(continuation, &status) }
    guard handle.pinned != nil else {
      recorder.abandon()
      return (nil, status)
    }
    let call = SuspendCall(token: Token(handle.pinned))
    recorder.attach(call)
    return (call, status)
  }

  /// Starts a suspend call in this scope; nil when refused.
  func start(
    _ recorder: CallRecorder, _ start: (shared_Continuation, UnsafeMutablePointer<shared_Status>) -> shared_Call
  ) -> SuspendCall? {
    tryStart(recorder, start).0
  }
}
