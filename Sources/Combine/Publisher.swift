/// Declares that a type can deliver a sequence of values over time (Combine's `Publisher`).
///
/// A publisher delivers nothing until a subscriber attaches and asks for values (`Subscribers.Demand`);
/// then it sends at most as many values as were requested, followed by at most one completion.
///
/// ```swift
/// let cancellable = Just(3).map { $0 * 2 }.sink { print($0) }  // prints 6
/// ```
public protocol Publisher<Output, Failure> {
  /// The kind of values published.
  associatedtype Output
  /// The kind of error that can end the stream (`Never` when it cannot fail).
  associatedtype Failure: Error

  /// Attaches `subscriber`: the publisher calls `subscriber.receive(subscription:)` exactly once.
  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure
}

extension Publisher {
  /// Attaches `subscriber` to this publisher (what operators and `sink` call).
  ///
  /// ```swift
  /// Just(1).subscribe(Subscribers.Sink(receiveCompletion: { _ in }, receiveValue: { print($0) }))
  /// ```
  public func subscribe<S: Subscriber>(_ subscriber: S) where S.Input == Output, S.Failure == Failure {
    receive(subscriber: subscriber)
  }
}

/// A type that receives values and one completion from a publisher (Combine's `Subscriber`).
///
/// ```swift
/// final class Printer: Subscriber {
///   func receive(subscription: any Subscription) { subscription.request(.unlimited) }
///   func receive(_ input: Int) -> Subscribers.Demand { print(input); return .none }
///   func receive(completion: Subscribers.Completion<Never>) {}
/// }
/// ```
public protocol Subscriber<Input, Failure> {
  associatedtype Input
  associatedtype Failure: Error

  /// Called once, when the subscription starts; request values through `subscription`.
  func receive(subscription: any Subscription)
  /// Called for each value; returns how many more values the subscriber wants on top of what it
  /// asked for already.
  func receive(_ input: Input) -> Subscribers.Demand
  /// Called at most once, when the publisher finishes or fails.
  func receive(completion: Subscribers.Completion<Failure>)
}

/// Something that can be cancelled (Combine's `Cancellable`).
///
/// ```swift
/// let token: any Cancellable = subject.sink { print($0) }
/// token.cancel()
/// ```
public protocol Cancellable {
  /// Stops the activity and frees its resources.
  func cancel()
}

/// The link between a publisher and one subscriber (Combine's `Subscription`).
///
/// ```swift
/// func receive(subscription: any Subscription) { subscription.request(.max(1)) }
/// ```
public protocol Subscription: Cancellable {
  /// Asks the publisher for up to `demand` more values.
  func request(_ demand: Subscribers.Demand)
}

/// Namespace for subscriber types and helpers (Combine's `Subscribers`).
public enum Subscribers {}

/// Namespace for operator publishers (Combine's `Publishers`).
public enum Publishers {}
