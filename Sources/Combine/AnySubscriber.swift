/// A type-erased subscriber (Combine's `AnySubscriber`).
///
/// ```swift
/// let printer = AnySubscriber<Int, Never>(
///   receiveSubscription: { $0.request(.unlimited) }, receiveValue: { print($0); return .none })
/// Just(1).subscribe(printer)
/// ```
public struct AnySubscriber<Input, Failure: Error>: Subscriber {
  private let subscription: (any Subscription) -> Void
  private let value: (Input) -> Subscribers.Demand
  private let completion: (Subscribers.Completion<Failure>) -> Void

  /// Wraps `subscriber`.
  public init<S: Subscriber>(_ subscriber: S) where S.Input == Input, S.Failure == Failure {
    subscription = subscriber.receive(subscription:)
    value = subscriber.receive(_:)
    completion = subscriber.receive(completion:)
  }

  /// A subscriber made of closures; a missing `receiveValue` asks for nothing more.
  public init(
    receiveSubscription: ((any Subscription) -> Void)? = nil,
    receiveValue: ((Input) -> Subscribers.Demand)? = nil,
    receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil
  ) {
    subscription = receiveSubscription ?? { _ in }
    value = receiveValue ?? { _ in .none }
    completion = receiveCompletion ?? { _ in }
  }

  public func receive(subscription: any Subscription) { self.subscription(subscription) }
  public func receive(_ input: Input) -> Subscribers.Demand { value(input) }
  public func receive(completion: Subscribers.Completion<Failure>) { self.completion(completion) }
}

/// Namespace for ready-made subscriptions (Combine's `Subscriptions`).
public enum Subscriptions {
  /// A subscription that does nothing: for publishers that complete before sending anything.
  ///
  /// ```swift
  /// subscriber.receive(subscription: Subscriptions.empty)
  /// subscriber.receive(completion: .finished)
  /// ```
  public static var empty: any Subscription { EmptySubscription() }
}

private struct EmptySubscription: Subscription {
  func request(_ demand: Subscribers.Demand) {}
  func cancel() {}
}
