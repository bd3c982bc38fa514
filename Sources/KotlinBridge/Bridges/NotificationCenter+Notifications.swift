import Foundation

extension NotificationCenter {
  /// The notifications named `name` (and from `object`, if given) posted from now on, as an
  /// `AsyncSequence` — Apple's API, which Foundation on Linux lacks (as iOS 14 did, seed 001's reason).
  ///
  /// Observing starts when this is called, so a notification posted before the first `next()` is
  /// not lost; every notification is kept until consumed. The observer is removed when the loop
  /// ends (`break` included), the task is cancelled, or the sequence is released.
  ///
  /// ```swift
  /// for await note in NotificationCenter.default.notifications(named: .messagesDidRefresh) {
  ///   print(note.name)
  ///   break
  /// }
  /// ```
  public func notifications(named name: Notification.Name, object: AnyObject? = nil) -> Notifications {
    Notifications(CallbackStream.notifications(on: self, named: name, object: object, bufferingPolicy: .unbounded))
  }

  /// An `AsyncSequence` of posted notifications (see `notifications(named:object:)`).
  public final class Notifications: AsyncSequence, Sendable {
    public typealias Element = Notification
    public typealias Failure = Never

    private let stream: CallbackStream<SentNotification>

    init(_ stream: CallbackStream<SentNotification>) { self.stream = stream }

    public func makeAsyncIterator() -> Iterator { Iterator(base: stream.makeAsyncIterator()) }

    public struct Iterator: AsyncIteratorProtocol {
      var base: CallbackStream<SentNotification>.AsyncIterator

      /// The next notification, or nil once the observation ended (the task was cancelled).
      public mutating func next() async -> Notification? {
        (try? await base.next())??.notification
      }

      public mutating func next(isolation actor: isolated (any Actor)?) async -> Notification? {
        (try? await base.next(isolation: actor))??.notification
      }
    }
  }
}

@available(*, unavailable)
extension NotificationCenter.Notifications.Iterator: Sendable {}
