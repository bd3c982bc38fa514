import Combine
import KMPNativeCoroutinesCore
import Locking

/// A publisher for a ``NativeSuspend`` (KMP-NativeCoroutines' `createFuture(for:)`): it publishes the
/// result and finishes, or fails with the Kotlin exception (the `NSError` Kotlin made) or Kotlin's
/// cancellation error.
///
/// Deferred: each subscription calls the suspend function anew, at the subscriber's first demand.
/// Cancelling the subscription cancels the Kotlin job.
///
/// ```swift
/// createFuture(for: generator.getRandomLetters())
///   .sink { completion in print(completion) } receiveValue: { print($0) }
///   .store(in: &cancellables)
/// ```
///
/// - Parameter nativeSuspend: The native suspend function to await.
/// - Returns: A publisher of the one result.
public func createFuture<Result, Failure: Error, Unit>(
  for nativeSuspend: @escaping NativeSuspend<Result, Failure, Unit>
) -> AnyPublisher<Result, Failure> {
  NativeSuspendFuture(nativeSuspend: nativeSuspend).eraseToAnyPublisher()
}

/// A publisher for a ``NativeSuspend`` of a Kotlin function returning `Unit`, publishing `Void`.
///
/// ```swift
/// createFuture(for: viewModel.refresh()).sink { _ in } receiveValue: { }.store(in: &cancellables)
/// ```
public func createFuture<Unit, Failure: Error>(
  for nativeSuspend: @escaping NativeSuspend<Unit, Failure, Unit>
) -> AnyPublisher<Void, Failure> {
  NativeSuspendFuture(nativeSuspend: nativeSuspend).map { _ in }.eraseToAnyPublisher()
}

struct NativeSuspendFuture<Result, Failure: Error, Unit>: Publisher {
  typealias Output = Result
  let nativeSuspend: NativeSuspend<Result, Failure, Unit>

  func receive<S: Subscriber>(subscriber: S) where S.Input == Result, S.Failure == Failure {
    subscriber.receive(subscription: NativeSuspendSubscription(nativeSuspend: nativeSuspend, subscriber: subscriber))
  }
}

/// One call of a ``NativeSuspend`` for one subscriber.
final class NativeSuspendSubscription<Result, Failure: Error, Unit, S: Subscriber>: Subscription, @unchecked Sendable
where S.Input == Result, S.Failure == Failure {
  // @unchecked Sendable: everything mutable is inside `state`, a Locked; the subscriber and the
  // cancellable are only called outside it.
  private let state: Locked<State>

  private struct State: @unchecked Sendable {
    // @unchecked Sendable: only ever used inside the Locked.
    var nativeSuspend: NativeSuspend<Result, Failure, Unit>?
    var cancellable: NativeCancellable<Unit>?
    var subscriber: S?
    var cancelled = false
    var finished = false  // the outcome went out: the cancellable (whose callbacks hold self) is dropped
  }

  init(nativeSuspend: @escaping NativeSuspend<Result, Failure, Unit>, subscriber: S) {
    state = Locked(State(nativeSuspend: nativeSuspend, subscriber: subscriber))
  }

  func request(_ demand: Subscribers.Demand) {
    let start = state.withLock { state -> Box<NativeSuspend<Result, Failure, Unit>>? in
      guard demand > 0 else { return nil }
      defer { state.nativeSuspend = nil }
      return state.nativeSuspend.map(Box.init)
    }
    guard let nativeSuspend = start?.value else { return }
    let cancellable = nativeSuspend(
      { [self] (value: Result, unit: Unit) -> Unit in
        if let subscriber = takeSubscriber() {
          _ = subscriber.receive(value)
          subscriber.receive(completion: .finished)
        }
        return unit
      },
      { [self] (error: Failure, unit: Unit) -> Unit in
        takeSubscriber()?.receive(completion: .failure(error))
        return unit
      },
      { [self] (error: Failure, unit: Unit) -> Unit in
        takeSubscriber()?.receive(completion: .failure(error))
        return unit
      })
    let cancelNow = state.withLock { state -> Bool in
      guard !state.cancelled else { return true }
      // Answered already (synchronously): keeping the cancellable would keep its callbacks, and
      // so this subscription, alive forever.
      if !state.finished { state.cancellable = cancellable }
      return false
    }
    if cancelNow { _ = cancellable() }
  }

  func cancel() {
    let cancellable = state.withLock { state -> Box<NativeCancellable<Unit>>? in
      state.cancelled = true
      state.subscriber = nil
      state.nativeSuspend = nil
      defer { state.cancellable = nil }
      return state.cancellable.map(Box.init)
    }
    if let cancellable { _ = cancellable.value() }
  }

  /// The subscriber, once: the outcome ends the subscription, which then lets go of the
  /// cancellable (its callbacks capture this subscription: a cycle until it is dropped).
  private func takeSubscriber() -> S? {
    let (subscriber, cancellable) = state.withLock { state -> (S?, Box<NativeCancellable<Unit>>?) in
      defer {
        state.subscriber = nil
        state.cancellable = nil
        state.finished = true
      }
      return (state.subscriber, state.cancellable.map(Box.init))
    }
    withExtendedLifetime(cancellable) {}  // released here, outside the lock
    return subscriber
  }
}
