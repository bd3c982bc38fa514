import CInterop

/// The state of one iteration of a Kotlin flow, as a value: every method returns what the
/// storage must do once the lock is released (call into C, resume a continuation). It never
/// performs effects itself.
struct FlowCollectionStateMachine<Element> {
  typealias Continuation = CheckedContinuation<UncheckedTransfer<[Element]>?, any Error>

  private enum Phase {
    case idle  // no collection yet (starts at the first next())
    case starting  // shared_Flow_collect is being called
    case running(shared_Collection)
    case finished  // the terminal event arrived (or the collection never started)
  }

  private var phase = Phase.idle
  private var buffer: [Element] = []  // received, not yet handed to the iterator
  private var requestOutstanding = false
  private var waiter: Continuation?
  private var terminal: FlowTerminal?  // arrived, not yet reported to the consumer
  private var reported = false  // the end was reported; later next() answer nil
  private var cancelRequested = false
  // The C handle is released once the terminal event arrived and no C call using it is in flight.
  private var handleUsers = 0
  private var handleReleased = false

  enum NextFast {
    case batch(UncheckedTransfer<[Element]>)
    case end(Result<Void, any Error>)
    case suspend
  }

  /// `next()` without suspending: every buffered element, the end, or "must wait".
  mutating func nextFast() -> NextFast {
    if !buffer.isEmpty { return .batch(takeBuffered()) }
    if let terminal {
      self.terminal = nil
      reported = true
      return .end(terminal.result)
    }
    if reported { return .end(.success(())) }
    return .suspend
  }

  /// Hands the whole buffer to the iterator, which then returns its elements without locking.
  private mutating func takeBuffered() -> UncheckedTransfer<[Element]> {
    let batch = buffer
    buffer = []
    return UncheckedTransfer(value: batch)
  }

  enum SuspendAction {
    case resume(Continuation, Result<UncheckedTransfer<[Element]>?, any Error>)
    case start
    case request(shared_Collection)
    case none
  }

  /// `next()` must wait: park `continuation` and say how to get the next element.
  mutating func suspend(_ continuation: Continuation) -> SuspendAction {
    if waiter != nil { return .resume(continuation, .failure(KotlinInteropError.concurrentNextError)) }
    if cancelRequested {
      switch phase {
      case .idle:  // cancelled before the collection started: it never will
        phase = .finished
        reported = true
        return .resume(continuation, .failure(CancellationError()))
      case .starting, .running:  // the terminal event (cancelled) is on its way
        waiter = continuation
        return .none
      case .finished:
        break
      }
    }
    switch nextFast() {  // something may have arrived since the fast path
    case .batch(let batch): return .resume(continuation, .success(batch))
    case .end(let result): return .resume(continuation, result.map { nil })
    case .suspend: break
    }
    switch phase {
    case .idle:
      waiter = continuation
      phase = .starting
      requestOutstanding = true
      handleUsers += 1
      return .start
    case .starting:
      waiter = continuation
      return .none
    case .running(let handle):
      waiter = continuation
      if requestOutstanding { return .none }
      requestOutstanding = true
      handleUsers += 1
      return .request(handle)
    case .finished:
      preconditionFailure("Invalid state: finished without a terminal event to report")
    }
  }

  enum StartedAction {
    case request(shared_Collection, thenCancel: Bool)
    /// The terminal event came before shared_Flow_collect returned: nothing to ask for; the storage
    /// ends its use of the handle, which releases it.
    case alreadyFinished
    case resume(Continuation?, any Error)
  }

  /// shared_Flow_collect returned: either a handle to request on, or a refusal.
  mutating func started(_ result: Result<shared_Collection, KotlinInteropError>) -> StartedAction {
    switch result {
    case .success(let handle):
      if case .finished = phase {
        // The terminal event (typically `cancelled`, when the scope was being cancelled) ran on a
        // worker while shared_Flow_collect had not returned yet, so `terminated` could not know the
        // handle. Keep it for the release instead of reviving the collection as running.
        lastHandle = handle
        return .alreadyFinished
      }
      guard case .starting = phase else { preconditionFailure("Invalid state: started while not starting") }
      phase = .running(handle)
      return .request(handle, thenCancel: cancelRequested)
    case .failure(let error):
      phase = .finished
      reported = true
      handleUsers -= 1
      handleReleased = true
      let waiter = self.waiter
      self.waiter = nil
      return .resume(waiter, error)
    }
  }

  /// A C call with the handle returned; release the handle if it was the last user after the end.
  mutating func handleUseDone() -> shared_Collection? {
    handleUsers -= 1
    return releasableHandle()
  }

  private mutating func releasableHandle() -> shared_Collection? {
    guard handleUsers == 0, !handleReleased, case .finished = phase, let handle = lastHandle else { return nil }
    handleReleased = true
    return handle
  }

  private var lastHandle: shared_Collection?

  enum Delivery {
    case resume(Continuation, Result<UncheckedTransfer<[Element]>?, any Error>)
    case none
  }

  /// A batch arrived that could not be decoded: the request is answered, the waiter keeps waiting
  /// for the terminal event.
  mutating func requestAnswered() {
    requestOutstanding = false
  }

  /// A batch arrived (on a Kotlin worker thread).
  mutating func received(_ elements: [Element]) -> Delivery {
    requestOutstanding = false
    if cancelRequested { return .none }  // the consumer stopped listening; the terminal follows
    if buffer.isEmpty {
      buffer = elements
    } else {
      buffer.append(contentsOf: elements)
    }
    guard let waiter else { return .none }
    self.waiter = nil
    return .resume(waiter, .success(takeBuffered()))
  }

  /// The terminal event arrived (on a Kotlin worker thread). Returns the delivery and the handle to
  /// release (when no C call uses it any more).
  mutating func terminated(_ terminal: FlowTerminal) -> (Delivery, shared_Collection?) {
    if case .running(let handle) = phase { lastHandle = handle }
    phase = .finished
    requestOutstanding = false
    if cancelRequested { buffer.removeAll() }
    self.terminal = terminal
    var delivery = Delivery.none
    if let waiter, buffer.isEmpty {
      self.waiter = nil
      self.terminal = nil
      reported = true
      delivery = .resume(waiter, terminal.result.map { nil })
    }
    return (delivery, releasableHandle())
  }

  enum CancelAction {
    case cancel(shared_Collection)
    case resume(Continuation)
    case none
  }

  /// The consumer is gone (iterator dropped) or its task was cancelled.
  mutating func cancel() -> CancelAction {
    guard !cancelRequested else { return .none }
    cancelRequested = true
    switch phase {
    case .idle:
      return .none  // nothing to cancel; a later next() reports the cancellation
    case .starting:
      return .none  // `started` cancels right after the handle exists
    case .running(let handle):
      handleUsers += 1
      return .cancel(handle)
    case .finished:
      return .none
    }
  }
}
