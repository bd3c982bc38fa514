import CInterop

/// A `shared_Collection` handle as a `Sendable` value.
struct FlowCollection: Sendable, Hashable {
  let token: Token

  var handle: shared_Collection { shared_Collection(pinned: token.pointer) }

  func request() -> shared_Status { shared_Collection_request(handle) }
  func cancel() -> shared_Status { shared_Collection_cancel(handle) }
  func release() -> shared_Status { shared_Collection_release(handle) }
}

extension StubScope {
  /// Starts collecting `flow` in this scope into `recorder`; nil (and the status) when the runtime refuses.
  func tryCollect(
    _ flow: some KotlinRef, policy: Policy = .rendezvous, into recorder: Recorder
  ) -> (FlowCollection?, shared_Status) {
    // Retained for the runtime; released by the recorder's first onTerminal, or below if refused.
    let context = Unmanaged.passRetained(recorder).toOpaque()
    let collector = shared_FlowCollector(
      context: context,
      onItems: { context, items, count in
        Unmanaged<Recorder>.fromOpaque(context!).takeUnretainedValue().receive(items, count: count)
      },
      onTerminal: { context, terminal in
        Unmanaged<Recorder>.fromOpaque(context!).takeUnretainedValue().terminate(terminal)
      })
    var status = shared_Status_ok
    let handle = withCurrent { shared_Flow_collect(flow.cast(), policy.cValue, collector, &status) }
    guard handle.pinned != nil else {
      Unmanaged<Recorder>.fromOpaque(context).release()
      return (nil, status)
    }
    let collection = FlowCollection(token: Token(handle.pinned))
    recorder.attach(collection)
    return (collection, status)
  }

  /// Starts collecting `flow` in this scope into `recorder`; nil when the runtime refuses.
  func collect(_ flow: some KotlinRef, policy: Policy = .rendezvous, into recorder: Recorder) -> FlowCollection? {
    tryCollect(flow, policy: policy, into: recorder).0
  }
}
