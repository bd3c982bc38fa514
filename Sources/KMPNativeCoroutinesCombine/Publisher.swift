import Combine
import KMPNativeCoroutinesCore
import Locking

/// A publisher for a ``NativeFlow`` (KMP-NativeCoroutines' `createPublisher(for:)`).
///
/// Deferred: each subscription collects the flow anew, starting at the subscriber's first demand.
/// Kotlin's collector waits for demand (the item's `next` is called only while the subscriber wants
/// more). Completion, a Kotlin exception (the `NSError` Kotlin made) and a Kotlin-side cancellation
/// (as `.failure` with Kotlin's cancellation error) end the subscription; cancelling it cancels the
/// Kotlin job. Keep the `AnyCancellable`: releasing it cancels the collection at once.
///
/// ```swift
/// createPublisher(for: clock.time)
///   .receive(on: DispatchQueue.main)
///   .sink { completion in print(completion) } receiveValue: { print($0) }
///   .store(in: &cancellables)
/// ```
///
/// - Parameter nativeFlow: The native flow to collect.
/// - Returns: A publisher of the collected values.
public func createPublisher<Output, Failure: Error, Unit>(
  for nativeFlow: @escaping NativeFlow<Output, Failure, Unit>
) -> AnyPublisher<Output, Failure> {
  NativeFlowPublisher(nativeFlow: nativeFlow).eraseToAnyPublisher()
}

/// A publisher for a ``NativeFlow`` of Kotlin `Unit` values, publishing `Void`.
///
/// ```swift
/// createPublisher(for: viewModel.refreshes).sink { _ in } receiveValue: { reload() }
/// ```
public func createPublisher<Unit, Failure: Error>(
  for nativeFlow: @escaping NativeFlow<Unit, Failure, Unit>
) -> AnyPublisher<Void, Failure> {
  NativeFlowPublisher(nativeFlow: nativeFlow).map { _ in }.eraseToAnyPublisher()
}

struct NativeFlowPublisher<Output, Failure: Error, Unit>: Publisher {
  let nativeFlow: NativeFlow<Output, Failure, Unit>

  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    subscriber.receive(subscription: NativeFlowSubscription(nativeFlow: nativeFlow, subscriber: subscriber))
  }
}

/// One collection of a ``NativeFlow`` for one subscriber.
final class NativeFlowSubscription<Output, Failure: Error, Unit, S: Subscriber>: Subscription, @unchecked Sendable
where S.Input == Output, S.Failure == Failure {
  // @unchecked Sendable: everything mutable is inside `state`, a Locked; the subscriber, Kotlin's
  // callbacks and the cancellable are only called outside it.
  private let state: Locked<State>

  private struct State: @unchecked Sendable {
    // @unchecked Sendable: only ever used inside the Locked.
    var nativeFlow: NativeFlow<Output, Failure, Unit>?
    var cancellable: NativeCancellable<Unit>?
    var subscriber: S?
    var demand: Subscribers.Demand = .none
    var next: (() -> Unit)?
    var cancelled = false
  }

  init(nativeFlow: @escaping NativeFlow<Output, Failure, Unit>, subscriber: S) {
    state = Locked(State(nativeFlow: nativeFlow, subscriber: subscriber))
  }

  func request(_ demand: Subscribers.Demand) {
    let action = state.withLock { state -> RequestAction<Output, Failure, Unit> in
      state.demand += demand
      guard state.demand > 0 else { return .none }
      if let flow = state.nativeFlow {
        state.nativeFlow = nil
        return .start(flow)
      }
      guard let next = state.next else { return .none }
      state.next = nil
      return .next(next)
    }
    switch action {
    case .none: return
    case .next(let next): _ = next()
    case .start(let nativeFlow):
      let cancellable = nativeFlow(
        { [self] item, next, unit in receive(item, next: next, unit: unit) },
        { [self] (error: Failure?, unit: Unit) -> Unit in
          complete(error.map { .failure($0) } ?? .finished)
          return unit
        },
        { [self] (error: Failure, unit: Unit) -> Unit in
          complete(.failure(error))
          return unit
        })
      let cancelNow = state.withLock { state -> Bool in
        guard !state.cancelled else { return true }
        state.cancellable = cancellable
        return false
      }
      if cancelNow { _ = cancellable() }
    }
  }

  func cancel() {
    // The library drops a held `next` here: on iOS the Kotlin collector then never resumes.
    let cancellable = state.withLock { state -> Box<NativeCancellable<Unit>>? in
      state.cancelled = true
      state.subscriber = nil
      state.nativeFlow = nil
      state.next = nil
      defer { state.cancellable = nil }
      return state.cancellable.map(Box.init)
    }
    if let cancellable { _ = cancellable.value() }
  }

  private func receive(_ item: Output, next: @escaping () -> Unit, unit: Unit) -> Unit {
    guard let subscriber = state.withLock({ $0.subscriber }) else { return unit }
    let more = subscriber.receive(item)
    let proceed = state.withLock { state -> Bool in
      state.demand -= 1
      state.demand += more
      guard state.demand == 0, !state.cancelled else { return true }
      state.next = next
      return false
    }
    return proceed ? next() : unit
  }

  private func complete(_ completion: Subscribers.Completion<Failure>) {
    let subscriber = state.withLock { state -> S? in
      defer { state.subscriber = nil }
      state.cancellable = nil
      return state.subscriber
    }
    subscriber?.receive(completion: completion)
  }
}

/// What a demand request leads to, decided under the lock.
enum RequestAction<Output, Failure: Error, Unit>: @unchecked Sendable {
  // @unchecked Sendable: carries the flow or Kotlin's `next` out of the lock, to be called once.
  case none
  case start(NativeFlow<Output, Failure, Unit>)
  case next(() -> Unit)
}

/// Carries a value that is not `Sendable` out of a lock (a Kotlin callback, called once).
struct Box<Value>: @unchecked Sendable {
  // @unchecked Sendable: see above.
  let value: Value
}
