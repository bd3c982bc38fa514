import CInterop
import CTaskShims
import Locking

/// The receiving end of C callbacks for one collection. Non-generic so that the C function
/// pointers (which cannot capture generic context) can reach it through the context pointer.
@usableFromInline
class FlowCollectionCallbacks: @unchecked Sendable {  // no state; see below
  // @unchecked Sendable: abstract; the subclass keeps all mutable state inside a `Locked`.
  func receive(_ items: UnsafePointer<shared_Value>, count: Int) { fatalError("abstract") }
  func receive(_ terminal: shared_Terminal) { fatalError("abstract") }
}

/// One iteration of a Kotlin flow: owns the C collection and applies what the state machine
/// decides, always after releasing the lock (never resumes a continuation or calls C under it).
@usableFromInline
final class FlowCollectionStorage<Element>: FlowCollectionCallbacks, @unchecked Sendable {  // state: `Locked`
  // @unchecked Sendable: immutable properties plus `state`, which its lock protects.
  private let flow: KotlinRef
  private let codec: KotlinValueCodec<Element>
  private let policy: KotlinBufferingPolicy
  private let scope: KotlinRuntimeScope?
  private let state = Locked(FlowCollectionStateMachine<Element>())

  init(flow: KotlinRef, codec: KotlinValueCodec<Element>, policy: KotlinBufferingPolicy) {
    self.flow = flow
    self.codec = codec
    self.policy = policy
    self.scope = KotlinRuntimeScope.current  // the iterator is created in the consumer's task
  }

  /// The next batch (never empty) without suspending: `.some(batch)`, `.some(nil)` at the end, or
  /// `nil` when the caller must wait with `waitForBatch` (also when its task is cancelled, so that
  /// the wait reports the cancellation). Synchronous, so that a consumer finding its next batch
  /// ready pays no executor check per async call on the way.
  func readyBatch() throws -> [Element]?? {
    guard !cts_currentTaskIsCancelled() else { return nil }
    switch state.withLock({ $0.nextFast() }) {
    case .batch(let batch): return .some(batch.value)
    case .end(let result):
      try result.get()
      return .some(nil)
    case .suspend: return nil
    }
  }

  /// Waits for the next batch (never empty), or `nil` at the end.
  func waitForBatch(isolation actor: isolated (any Actor)?) async throws -> [Element]? {
    KotlinWaitObserver.willWait()
    let handoffs = HandoffCounter.of(scope)
    // Every resume of this continuation counted one handoff (see `resume`): it is picked up when
    // the await returns, with a value or an error.
    defer { handoffs.pickedUp() }
    let transfer = try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation(isolation: actor) { (continuation: Continuation) in
        // A test double's body that collects stops counting as running work while it waits (its
        // virtual clock must be able to move); whoever resumes the wait says so first.
        let activity = KotlinCaller.activity
        waitingActivity.withLock { $0 = activity }
        let action = state.withLock { $0.suspend(continuation) }
        switch action {
        case .resume(let waiter, let result):
          waitingActivity.withLock { $0 = nil }  // answered at once: the body never stopped running
          resume(waiter, with: result)
        case .start:
          start()
          activity?.suspended()
        case .request(let handle):
          request(handle)
          activity?.suspended()
        case .none:
          activity?.suspended()
        }
      }
    } onCancel: {
      cancel()
    }
    return transfer?.value
  }

  typealias Continuation = FlowCollectionStateMachine<Element>.Continuation

  /// The consumer went away (the iterator was dropped) or its task was cancelled: cancel the
  /// Kotlin side.
  @usableFromInline
  func cancel() {
    switch state.withLock({ $0.cancel() }) {
    case .cancel(let handle):
      _ = shared_Collection_cancel(handle)
      handleUseDone()
    case .resume(let waiter): resume(waiter, with: .failure(CancellationError()))
    case .none: break
    }
  }

  private func start() {
    if case .bounded(let capacity) = policy, capacity < 1 || capacity > Int(Int32.max) {
      // Kotlin's buffer(capacity) takes an Int (32 bits): a larger capacity is refused, never clamped.
      let error = KotlinInteropError(
        code: .refused,
        message: capacity < 1
          ? "bufferingPolicy .bounded(\(capacity)): the capacity must be at least 1 (use .rendezvous for none)"
          : "bufferingPolicy .bounded(\(capacity)): the capacity must be at most \(Int32.max) (Kotlin's Int); "
            + "use .unbounded for no limit")
      if case .resume(let waiter?, _) = state.withLock({ $0.started(.failure(error)) }) {
        resume(waiter, with: .failure(error))
      }
      return
    }
    let context = Unmanaged.passRetained(self as FlowCollectionCallbacks)  // released in onTerminal
    let collector = shared_FlowCollector(
      context: context.toOpaque(),
      onItems: { context, items, count in
        guard let context, let items else { return }
        Unmanaged<FlowCollectionCallbacks>.fromOpaque(context).takeUnretainedValue()
          .receive(items, count: Int(count))
      },
      onTerminal: { context, terminal in
        guard let context else { return }
        let callbacks = Unmanaged<FlowCollectionCallbacks>.fromOpaque(context)
        callbacks.takeUnretainedValue().receive(terminal)
        callbacks.release()  // the terminal event is the last use of the context
      })
    var status = shared_Status_ok
    let handle = withScope {
      shared_Flow_collect(
        shared_kref_kotlinx_coroutines_flow_Flow(pinned: flow.pointer), policy.cPolicy, collector, &status)
    }
    let result: Result<shared_Collection, KotlinInteropError>
    if handle.pinned != nil {
      result = .success(handle)
    } else {
      context.release()  // no collection: no terminal event will come
      result = .failure(KotlinInteropError(status: status, operation: "collecting a Kotlin flow"))
    }
    switch state.withLock({ $0.started(result) }) {
    case .request(let handle, let thenCancel):
      _ = shared_Collection_request(handle)
      if thenCancel { _ = shared_Collection_cancel(handle) }
      handleUseDone()
    case .alreadyFinished:
      handleUseDone()  // the terminal event came first: this was the last use, so it releases
    case .resume(let waiter, let error):
      if let waiter { resume(waiter, with: .failure(error)) }
    }
  }

  /// The caller activity of the next() waiting now, if it runs in a test double's body.
  private let waitingActivity = Locked<(any KotlinCallerActivity)?>(nil)

  /// Resumes the waiting next(), counting the handoff until that task picks it up.
  private func resume(_ waiter: Continuation, with result: Result<UncheckedTransfer<[Element]>?, any Error>) {
    waitingActivity.withLock { activity in
      defer { activity = nil }
      return activity
    }?.resumed()
    HandoffCounter.of(scope).handedOver()
    waiter.resume(with: result)
  }

  private func request(_ handle: shared_Collection) {
    _ = shared_Collection_request(handle)
    handleUseDone()
  }

  private func handleUseDone() {
    if let handle = state.withLock({ $0.handleUseDone() }) { _ = shared_Collection_release(handle) }
  }

  private func withScope<R>(_ body: () -> R) -> R {
    guard let scope else { return body() }
    return KotlinRuntimeScope.$current.withValue(scope) { KotlinABI.inCurrentScope(body) }
  }

  override func receive(_ items: UnsafePointer<shared_Value>, count: Int) {
    let elements: [Element]
    do throws(KotlinInteropError) {
      elements = try codec.decodeBatch(UnsafeBufferPointer(start: items, count: count))
    } catch {
      // A value Swift cannot represent ends the iteration with that error: Kotlin is cancelled, and
      // the waiting next() is answered by the terminal event, which carries this failure.
      state.withLock { $0.requestAnswered() }
      reportDecodingFailure(error)
      return
    }
    let transfer = UncheckedTransfer(value: elements)
    if case .resume(let waiter, let result) = state.withLock({ $0.received(transfer.value) }) {
      resume(waiter, with: result)
    }
  }

  private let decodingFailure = Locked<KotlinInteropError?>(nil)

  private func reportDecodingFailure(_ error: KotlinInteropError) {
    decodingFailure.withLock { $0 = $0 ?? error }
    cancel()
  }

  override func receive(_ terminal: shared_Terminal) {
    var outcome: FlowTerminal
    switch terminal.kind {
    case Int32(shared_TerminalKind_completed.rawValue): outcome = .completed
    case Int32(shared_TerminalKind_failed.rawValue): outcome = .failed(KotlinABI.takeThrowable(terminal.throwable))
    default: outcome = .cancelled
    }
    if let failure = decodingFailure.withLock({ $0 }) { outcome = .failed(failure) }
    let (delivery, releasable) = state.withLock { $0.terminated(outcome) }
    // Release first: by the time the consumer's next() returns, the handle is gone.
    if let releasable { _ = shared_Collection_release(releasable) }
    if case .resume(let waiter, let result) = delivery { resume(waiter, with: result) }
  }
}
