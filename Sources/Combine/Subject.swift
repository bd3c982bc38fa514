/// A publisher you can send values into (Combine's `Subject`).
///
/// ```swift
/// let events = PassthroughSubject<String, Never>()
/// events.send("tapped")
/// events.send(completion: .finished)
/// ```
public protocol Subject<Output, Failure>: AnyObject, Publisher {
  /// Sends a value to subscribers that asked for one.
  func send(_ value: Output)
  /// Ends every subscription; later values are ignored.
  func send(completion: Subscribers.Completion<Failure>)
}

extension Subject where Output == Void {
  /// Sends `()`.
  public func send() { send(()) }
}

/// A subject that relays values to its current subscribers (Combine's `PassthroughSubject`). It
/// has no initial value and keeps none: a value sent while a subscriber has no outstanding demand,
/// or before anyone subscribed, is dropped for that subscriber.
///
/// ```swift
/// let taps = PassthroughSubject<Void, Never>()
/// let cancellable = taps.sink { print("tap") }
/// taps.send()
/// ```
public final class PassthroughSubject<Output, Failure: Error>: Subject, @unchecked Sendable {
  // @unchecked Sendable: all state is in the Fanout's lock.
  private let fanout = Fanout<Output, Failure>()

  public init() {}

  public func send(_ value: Output) { fanout.send(value) }
  public func send(completion: Subscribers.Completion<Failure>) { fanout.send(completion: completion) }

  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    fanout.attach(subscriber)
  }
}
