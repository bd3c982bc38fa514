import Foundation

/// A posted `Notification` on its way to one consumer. `Notification` is not `Sendable` on Linux
/// (its `object` and `userInfo` are `Any`); the value is copied at posting time and then only read
/// by the single consumer of the sequence, the same guarantee Apple's `notifications(named:)` gives.
struct SentNotification: @unchecked Sendable {
  let notification: Notification
}

/// An observer token held only to remove it; `NotificationCenter.removeObserver` is thread-safe.
struct ObserverToken: @unchecked Sendable {
  let token: any NSObjectProtocol
}

extension CallbackStream where Element == SentNotification {
  /// Observes `name` on `center` from now on.
  static func notifications(
    on center: NotificationCenter, named name: Notification.Name, object: AnyObject?, bufferingPolicy: BufferingPolicy
  ) -> CallbackStream<SentNotification> {
    CallbackStream(bufferingPolicy: bufferingPolicy) { sink in
      let token = ObserverToken(
        token: center.addObserver(forName: name, object: object, queue: nil) { notification in
          sink.yield(SentNotification(notification: notification))
        })
      return { center.removeObserver(token.token) }
    }
  }
}
