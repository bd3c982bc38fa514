/// The publisher an `ObservableObject` announces changes on, before they happen (Combine's
/// `ObservableObjectPublisher`). Subscribers are called on the thread that calls `send()`, with no
/// lock held.
///
/// ```swift
/// final class Model: ObservableObject {
///   var name = "" { willSet { objectWillChange.send() } }
/// }
/// ```
public final class ObservableObjectPublisher: Publisher, Sendable {
  public typealias Output = Void
  public typealias Failure = Never

  private let fanout = Fanout<Void, Never>()

  public init() {}

  /// Announces a change to every subscriber.
  public func send() { fanout.send(()) }

  public func receive<S: Subscriber>(subscriber: S) where S.Input == Void, S.Failure == Never {
    fanout.attach(subscriber)
  }
}
