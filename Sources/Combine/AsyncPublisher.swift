import Locking

/// A publisher's values as an `AsyncSequence` (Combine's `AsyncPublisher`, from `.values` on a
/// publisher that cannot fail). Each `next()` asks the publisher for one value; breaking out of the
/// loop, dropping the iterator or cancelling the task cancels the subscription.
///
/// ```swift
/// for await query in model.$query.values { await search(query) }
/// ```
public struct AsyncPublisher<P: Publisher>: AsyncSequence where P.Failure == Never {
  public typealias Element = P.Output

  private let publisher: P

  public init(_ publisher: P) { self.publisher = publisher }

  public func makeAsyncIterator() -> Iterator { Iterator(AsyncSubscriberToken(publisher)) }

  public struct Iterator: AsyncIteratorProtocol {
    private let token: AsyncSubscriberToken<P>

    init(_ token: AsyncSubscriberToken<P>) { self.token = token }

    public mutating func next() async -> Element? {
      switch await token.next() {
      case .success(let value): value
      }
    }
  }
}

/// A failing publisher's values as an `AsyncThrowingSequence`-like sequence (Combine's
/// `AsyncThrowingPublisher`, from `.values`): the publisher's failure is thrown.
///
/// ```swift
/// for try await page in api.pages().values { pages.append(page) }
/// ```
public struct AsyncThrowingPublisher<P: Publisher>: AsyncSequence {
  public typealias Element = P.Output

  private let publisher: P

  public init(_ publisher: P) { self.publisher = publisher }

  public func makeAsyncIterator() -> Iterator { Iterator(AsyncSubscriberToken(publisher)) }

  public struct Iterator: AsyncIteratorProtocol {
    private let token: AsyncSubscriberToken<P>

    init(_ token: AsyncSubscriberToken<P>) { self.token = token }

    public mutating func next() async throws -> Element? { try await token.next().get() }
  }
}

extension Publisher where Failure == Never {
  /// The values as an async sequence.
  ///
  /// ```swift
  /// for await value in subject.values { print(value) }
  /// ```
  public var values: AsyncPublisher<Self> { AsyncPublisher(self) }
}

extension Publisher {
  /// The values as an async sequence that throws the publisher's failure.
  ///
  /// ```swift
  /// for try await value in api.load().values { print(value) }
  /// ```
  public var values: AsyncThrowingPublisher<Self> { AsyncThrowingPublisher(self) }
}

/// Owned by one iterator: subscribes on the first `next()`, cancels when the iterator goes away.
final class AsyncSubscriberToken<P: Publisher>: Sendable {
  private let publisher: Unchecked<P>
  private let inner = AsyncSubscriberInner<P.Output, P.Failure>()
  private let subscribed = Locked(false)

  init(_ publisher: P) { self.publisher = Unchecked(publisher) }

  func next() async -> Result<P.Output?, P.Failure> {
    let first = subscribed.withLock { subscribed -> Bool in
      defer { subscribed = true }
      return !subscribed
    }
    if first { publisher.value.subscribe(inner) }
    return await inner.next()
  }

  deinit { inner.cancel() }
}

/// The subscriber behind `.values`: asks for one value per `next()`, resumes the waiting `next()`
/// outside its lock.
final class AsyncSubscriberInner<Output, Failure: Error>: Subscriber, @unchecked Sendable {
  // @unchecked Sendable: `state` is only touched under its lock; continuations are resumed and the
  // subscription is called outside it.
  typealias Input = Output
  private typealias Waiter = CheckedContinuation<Unchecked<Result<Output?, Failure>>, Never>

  private struct State {
    var subscription: (any Subscription)?
    var waiter: Waiter?
    var buffer: [Output] = []
    var terminal: Subscribers.Completion<Failure>?
    var cancelled = false
  }

  private enum Action {
    case resume(Unchecked<Result<Output?, Failure>>)
    case request((any Subscription)?)
  }

  private let state = Locked(Unchecked(State()))

  func next() async -> Result<Output?, Failure> {
    await withTaskCancellationHandler {
      await withCheckedContinuation { (waiter: Waiter) in
        let action = state.withLock { box -> Unchecked<Action> in
          var state = box.value
          defer { box = Unchecked(state) }
          if !state.buffer.isEmpty { return Unchecked(.resume(Unchecked(.success(state.buffer.removeFirst())))) }
          if state.cancelled { return Unchecked(.resume(Unchecked(.success(nil)))) }
          switch state.terminal {
          case .finished?: return Unchecked(.resume(Unchecked(.success(nil))))
          case .failure(let error)?: return Unchecked(.resume(Unchecked(.failure(error))))
          case nil:
            state.waiter = waiter
            return Unchecked(.request(state.subscription))
          }
        }
        switch action.value {
        case .resume(let result): waiter.resume(returning: result)
        case .request(let subscription): subscription?.request(.max(1))
        }
      }.value
    } onCancel: {
      cancel()
    }
  }

  func cancel() {
    let (waiter, subscription) = state.withLock { box -> (Waiter?, Unchecked<(any Subscription)?>) in
      var state = box.value
      defer { box = Unchecked(state) }
      state.cancelled = true
      defer {
        state.waiter = nil
        state.subscription = nil
      }
      return (state.waiter, Unchecked(state.subscription))
    }
    subscription.value?.cancel()
    waiter?.resume(returning: Unchecked(.success(nil)))
  }

  func receive(subscription: any Subscription) {
    let (accepted, waiting) = state.withLock { box -> (Bool, Bool) in
      var state = box.value
      defer { box = Unchecked(state) }
      guard state.subscription == nil, !state.cancelled else { return (false, false) }
      state.subscription = subscription
      return (true, state.waiter != nil)
    }
    if !accepted {
      subscription.cancel()
    } else if waiting {
      subscription.request(.max(1))
    }
  }

  func receive(_ input: Output) -> Subscribers.Demand {
    let boxed = Unchecked(input)
    let waiter = state.withLock { box -> Waiter? in
      var state = box.value
      defer { box = Unchecked(state) }
      guard let waiter = state.waiter else {
        state.buffer.append(boxed.value)
        return nil
      }
      state.waiter = nil
      return waiter
    }
    waiter?.resume(returning: Unchecked(.success(input)))
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    let waiter = state.withLock { box -> Waiter? in
      var state = box.value
      defer { box = Unchecked(state) }
      state.terminal = completion
      state.subscription = nil
      defer { state.waiter = nil }
      return state.waiter
    }
    switch completion {
    case .finished: waiter?.resume(returning: Unchecked(.success(nil)))
    case .failure(let error): waiter?.resume(returning: Unchecked(.failure(error)))
    }
  }
}
