import Locking

/// A subject that holds a value and publishes each change (Combine's `CurrentValueSubject`). A new
/// subscriber receives the current value first; setting `value` is the same as `send(_:)`.
///
/// ```swift
/// let count = CurrentValueSubject<Int, Never>(0)
/// let cancellable = count.sink { print($0) }  // prints 0
/// count.value += 1                             // prints 1
/// ```
public final class CurrentValueSubject<Output, Failure: Error>: Subject, @unchecked Sendable {
  // @unchecked Sendable: the value is only touched under its lock; subscribers are called outside.
  private let current: Locked<Unchecked<Output>>
  private let fanout: Fanout<Output, Failure>

  public init(_ value: Output) {
    let current = Locked(Unchecked(value))
    self.current = current
    fanout = Fanout(initial: { current.withLock { $0 }.value })
  }

  /// The current value; setting it sends it to subscribers (ignored after completion).
  public var value: Output {
    get { current.withLock { $0 }.value }
    set { send(newValue) }
  }

  public func send(_ value: Output) {
    guard !fanout.isCompleted else { return }
    let box = Unchecked(value)
    current.withLock { $0 = box }
    fanout.send(value)
  }

  public func send(completion: Subscribers.Completion<Failure>) { fanout.send(completion: completion) }

  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    fanout.attach(subscriber)
  }
}
