import KMPNativeCoroutinesCore

/// How a ``NativeFlow`` ended, as its callbacks said.
enum Terminal<Failure: Error> {
  /// `onComplete(error)`: `nil` when the flow completed, else the Kotlin exception.
  case completed(Failure?)
  /// `onCancelled`.
  case cancelled
}

/// The state of a `NativeFlowAsyncSequence.Iterator`; its methods decide, the iterator acts
/// (resumes, calls Kotlin) after the lock is released.
struct IteratorState<Output, Failure: Error, Unit>: @unchecked Sendable {
  // @unchecked Sendable: only ever used inside the iterator's Locked.
  typealias Continuation = CheckedContinuation<Delivery<Output>, any Error>

  private var cancellable: NativeCancellable<Unit>?
  private var cancelBeforeStart = false
  private var held: (item: UncheckedBox<Output>, next: () -> Unit)?
  private var terminal: Terminal<Failure>?
  private var waiting: Continuation?

  enum NextAction: @unchecked Sendable {
    // @unchecked Sendable: carries a held item and Kotlin's `next` out of the lock to the one consumer.
    case wait
    case deliver(UncheckedBox<Output>, next: () -> Unit)
    case end
    case fail(any Error)
    case concurrentNext
  }

  /// The NativeFlow returned its cancellable; returns it when it must be called at once.
  mutating func started(cancellable: @escaping NativeCancellable<Unit>) -> UncheckedBox<NativeCancellable<Unit>>? {
    if cancelBeforeStart { return UncheckedBox(value: cancellable) }
    // A flow that ended during the call keeps no cancellable, as the library's callbacks clear it.
    if terminal == nil { self.cancellable = cancellable }
    return nil
  }

  /// The task was cancelled or the iterator released: the cancellable to call, once.
  mutating func takeCancellable() -> UncheckedBox<NativeCancellable<Unit>>? {
    guard let cancellable else {
      if terminal == nil { cancelBeforeStart = true }
      return nil
    }
    self.cancellable = nil
    return UncheckedBox(value: cancellable)
  }

  mutating func next(_ continuation: Continuation) -> NextAction {
    if let held {
      self.held = nil
      return .deliver(held.item, next: held.next)
    }
    switch terminal {
    case .completed(let error?): return .fail(error)
    case .completed(nil): return .end
    case .cancelled: return .fail(CancellationError())
    case nil:
      guard waiting == nil else { return .concurrentNext }
      waiting = continuation
      return .wait
    }
  }

  /// Kotlin delivered an item: the waiting consumer to hand it to (then `next` is called at once), or
  /// nil when it is held until the consumer asks.
  mutating func received(_ item: UncheckedBox<Output>, next: @escaping () -> Unit) -> Continuation? {
    // Continuations are Sendable: nothing to wrap.
    if let waiting {
      self.waiting = nil
      return waiting
    }
    held = (item, next)
    return nil
  }

  /// Kotlin ended the flow: the waiting consumer to tell, if any.
  mutating func finished(_ terminal: Terminal<Failure>) -> Continuation? {
    self.terminal = terminal
    cancellable = nil
    defer { waiting = nil }
    return waiting
  }
}
