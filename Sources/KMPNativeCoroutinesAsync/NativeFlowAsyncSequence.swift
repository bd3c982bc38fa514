import KMPNativeCoroutinesCore
import KotlinBridge
import Locking

/// Wraps a ``NativeFlow`` in an `AsyncSequence` (KMP-NativeCoroutines' `asyncSequence(for:)`).
///
/// ```swift
/// .task {
///   do {
///     for try await items in asyncSequence(for: viewModel.items) { self.items = items }
///   } catch {
///     self.error = error.localizedDescription
///   }
/// }
/// ```
///
/// - Parameter nativeFlow: The native flow to collect.
/// - Returns: A sequence that yields the collected values.
public func asyncSequence<Output, Failure: Error, Unit>(
  for nativeFlow: @escaping NativeFlow<Output, Failure, Unit>
) -> NativeFlowAsyncSequence<Output, any Error, Unit> {
  NativeFlowAsyncSequence(nativeFlow: nativeFlow)
}

/// The `AsyncSequence` of a ``NativeFlow``, with the library's semantics:
///
/// - **Collection starts when the iterator is made** (at `for try await`), not at the first `next()`.
/// - **One item ahead**: when Swift takes an item it calls Kotlin's `next` at once, so the Kotlin
///   collector runs on and holds the following item (waiting for `next`) while the loop body runs.
/// - **Errors**: a Kotlin exception is thrown as the `NSError` Kotlin made (domain `"KotlinException"`).
/// - **Cancelling the task** cancels the Kotlin job (at the task's next `next()` if the loop body is
///   running); the loop then **ends normally** — `next()` returns `nil` — once Kotlin confirms, rather
///   than throwing `CancellationError` (a `next()` after Kotlin's cancellation callback throws it).
///   A Kotlin-side cancellation (its scope cancelled) ends the loop the same way.
/// - **Leaving the loop early** (`break`, `return`, a thrown error) releases the iterator, which cancels
///   the Kotlin job but drops the held item and its `next` callback: on iOS that Kotlin job then never
///   completes. The harness reports it as a misuse (see `KMPNativeCoroutinesTestDoubles`).
/// - **One consumer**: a second `next()` while one is waiting is a `fatalError` in the library; here it
///   throws ``KMPNativeCoroutinesHarnessError`` ("this would crash on iOS: …").
public struct NativeFlowAsyncSequence<Output, Failure: Error, Unit>: AsyncSequence {
  public typealias Element = Output

  var nativeFlow: NativeFlow<Output, Failure, Unit>

  public func makeAsyncIterator() -> Iterator {
    Iterator(nativeFlow: nativeFlow)
  }

  /// Collects the flow from its creation until it is released.
  public final class Iterator: AsyncIteratorProtocol, @unchecked Sendable {
    // @unchecked Sendable (as in the library): everything mutable is inside `state` and
    // `observerLookup`, Lockeds; `turn` is immutable. Callbacks, continuations and Kotlin are only ever called outside the lock.
    private let state = Locked(IteratorState<Output, Failure, Unit>())
    private let turn = KotlinTurn.current()
    // Under a test host, every element is handed over in a job of its own, as for Swift export's flows.
    // Looked up by the first `next()`, in a Locked: two tasks calling `next()` at once (a misuse the
    // iterator reports) must not race on it.
    private let observerLookup = Locked<(done: Bool, observer: (any KotlinWaitObserving)?)>((false, nil))

    init(nativeFlow: NativeFlow<Output, Failure, Unit>) {
      let cancellable = nativeFlow(
        { [weak self] item, next, unit in
          guard let self else { return unit }
          return self.receive(item: item, next: next, unit: unit)
        },
        { [weak self] error, unit in
          self?.finish(.completed(error))
          return unit
        },
        { [weak self] _, unit in
          self?.finish(.cancelled)
          return unit
        })
      let cancelNow = state.withLock { $0.started(cancellable: cancellable) }
      if let cancelNow { _ = cancelNow.value() }
    }

    deinit {
      // The library's deinit cancels the collection; a held item and its `next` are dropped with it.
      let cancel = state.withLock { $0.takeCancellable() }
      if let cancel { _ = cancel.value() }
    }

    public func next() async throws -> Output? {
      try await next(isolation: nil)
    }

    public func next(isolation actor: isolated (any Actor)?) async throws -> Output? {
      let current = KotlinWaitObserver.current  // the task-local of the calling task, read outside the lock
      let observer = observerLookup.withLock { lookup in
        if !lookup.done { lookup = (true, current) }
        return lookup.observer
      }
      let mark = observer?.jobsStarted
      let element = try await nextElement(isolation: actor)
      if element != nil, let observer, observer.jobsStarted == mark { await observer.continueInNewJob() }
      return element
    }

    private func nextElement(isolation actor: isolated (any Actor)?) async throws -> Output? {
      KotlinWaitObserver.willWait()
      let delivery = try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation(isolation: actor) {
          (continuation: CheckedContinuation<Delivery<Output>, any Error>) in
          let action = state.withLock { $0.next(continuation) }
          switch action {
          case .wait: break
          case .deliver(let transfer, let next):
            // Kotlin first counts as running again, then the consumer resumes (see KotlinTurn).
            _ = next()
            continuation.resume(returning: .item(transfer.value))
          case .end: continuation.resume(returning: .end)
          case .fail(let error): continuation.resume(throwing: error)
          case .concurrentNext:
            continuation.resume(
              throwing: KMPNativeCoroutinesHarnessError(
                "this would crash on iOS: Fatal error: Concurrent calls to next aren't supported — two tasks called "
                  + "next() on the same NativeFlowAsyncSequence iterator; give each task its own `for try await` loop"))
          }
        }
      } onCancel: {
        let cancel = state.withLock { $0.takeCancellable() }
        if let cancel { _ = cancel.value() }
      }
      switch delivery {
      case .item(let item):
        // Swift let Kotlin continue: Kotlin runs to its next suspension point first (see KotlinTurn).
        await turn.waitForKotlin()
        return item
      case .handedOver(let item):
        turn.pickedUp()
        return item
      case .handedOverEnd:
        turn.pickedUp()
        return nil
      case .handedOverError(let error):
        turn.pickedUp()
        throw error.value
      case .end:
        return nil
      }
    }

    private func receive(item: Output, next: @escaping () -> Unit, unit: Unit) -> Unit {
      let action = state.withLock { $0.received(UncheckedBox(value: item), next: next) }
      guard let continuation = action else { return unit }
      let transfer = UncheckedBox(value: item)
      turn.handOver { continuation.resume(returning: .handedOver(transfer.value)) }
      return next()
    }

    private func finish(_ terminal: Terminal<Failure>) {
      guard let continuation = state.withLock({ $0.finished(terminal) }) else { return }
      switch terminal {
      case .completed(nil), .cancelled:
        turn.handOver { continuation.resume(returning: .handedOverEnd) }
      case .completed(let error?):
        let transfer = UncheckedBox<any Error>(value: error)
        turn.handOver { continuation.resume(returning: .handedOverError(transfer)) }
      }
    }
  }
}

@available(*, unavailable)
extension NativeFlowAsyncSequence: Sendable {}

/// What a waiting `next()` is resumed with.
enum Delivery<Output> {
  /// A held item, taken at once (Kotlin's `next` for it was called just now).
  case item(Output)
  /// An item a Kotlin callback handed over (counted as a handoff).
  case handedOver(Output)
  /// The end, handed over by a Kotlin callback (counted as a handoff).
  case handedOverEnd
  /// The flow's exception, handed over by a Kotlin callback (counted as a handoff).
  case handedOverError(UncheckedBox<any Error>)
  /// The end, known at once.
  case end
}

/// Moves a value that is not `Sendable` between threads through the iterator's lock or a
/// continuation: each item is handed over exactly once, to the iterator's one consumer.
struct UncheckedBox<Value>: @unchecked Sendable {
  var value: Value
}

/// Thrown where the real library would crash the app (`fatalError`), so the test fails instead.
public struct KMPNativeCoroutinesHarnessError: Error, Hashable, Sendable, CustomStringConvertible {
  public let message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}
