import Locking

/// Publishes one value, when asked, then finishes (Combine's `Just`). It cannot fail.
///
/// ```swift
/// func load() -> AnyPublisher<[String], Never> { Just(["ann", "bob"]).eraseToAnyPublisher() }
/// ```
public struct Just<Output>: Publisher {
  public typealias Failure = Never

  /// The value it publishes.
  public let output: Output

  public init(_ output: Output) { self.output = output }

  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
    subscriber.receive(subscription: OneShotSubscription(AnySubscriber(subscriber), result: .success(output)))
  }
}

/// Finishes at once without publishing anything (Combine's `Empty`).
///
/// ```swift
/// let nothing = Empty<Int, Never>().eraseToAnyPublisher()
/// ```
public struct Empty<Output, Failure: Error>: Publisher {
  /// Whether it finishes at once (`true`) or never.
  public let completeImmediately: Bool

  public init(completeImmediately: Bool = true) { self.completeImmediately = completeImmediately }

  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    subscriber.receive(subscription: Subscriptions.empty)
    if completeImmediately { subscriber.receive(completion: .finished) }
  }
}

/// Fails at once with `error` (Combine's `Fail`).
///
/// ```swift
/// return Fail(error: URLError(.badURL)).eraseToAnyPublisher()
/// ```
public struct Fail<Output, Failure: Error>: Publisher {
  public let error: Failure

  public init(error: Failure) { self.error = error }

  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    subscriber.receive(subscription: Subscriptions.empty)
    subscriber.receive(completion: .failure(error))
  }
}

/// Delivers one result — a value then `.finished`, or a failure — once the subscriber asks.
final class OneShotSubscription<Output, Failure: Error>: Subscription, @unchecked Sendable {
  // @unchecked Sendable: the pending delivery is only touched under its lock; delivered outside.
  private let pending: Locked<Unchecked<(AnySubscriber<Output, Failure>, Result<Output, Failure>)?>>

  init(_ downstream: AnySubscriber<Output, Failure>, result: Result<Output, Failure>) {
    pending = Locked(Unchecked((downstream, result)))
  }

  func request(_ demand: Subscribers.Demand) {
    guard demand > 0 else { return }
    let taken = pending.withLock { pending in
      defer { pending = Unchecked(nil) }
      return pending
    }
    guard let (downstream, result) = taken.value else { return }
    switch result {
    case .success(let value):
      _ = downstream.receive(value)
      downstream.receive(completion: .finished)
    case .failure(let error):
      downstream.receive(completion: .failure(error))
    }
  }

  func cancel() { pending.withLock { $0 = Unchecked(nil) } }
}
