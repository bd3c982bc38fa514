import Foundation

/// Seed 001's `AsyncNotification`, safe: observes `name` from creation, `wait()` returns the first
/// notification and stops observing, `cancel()` stops observing and ends a pending `wait()` with
/// `nil`; releasing it stops observing too. Keeps the newest notification while nobody waits (the
/// seed's `.bufferingNewest(1)`), so one posted between creation and `wait()` is not lost.
///
/// ```swift
/// func fetchMessages() async throws -> [Message] {
///   let notification = AsyncNotification(for: .messagesDidRefresh)
///   if refreshMessages() {
///     _ = try await notification.wait()   // the refresh's notification, even if already posted
///   } else {
///     notification.cancel()
///   }
///   return getMessages()
/// }
/// ```
public final class AsyncNotification: AsyncSequence, Sendable {
  public typealias Element = Notification
  public typealias Failure = any Error

  private let stream: CallbackStream<SentNotification>

  /// Starts observing `name` (from `object`, if given) on `center`.
  public init(
    for name: Notification.Name, object: AnyObject? = nil, center: NotificationCenter = .default,
    bufferingPolicy: AsyncStream<Notification>.Continuation.BufferingPolicy = .bufferingNewest(1)
  ) {
    let policy: CallbackStream<SentNotification>.BufferingPolicy
    switch bufferingPolicy {
    case .bufferingOldest(let count): policy = .bufferingOldest(count)
    case .bufferingNewest(let count): policy = .bufferingNewest(count)
    default: policy = .unbounded
    }
    stream = CallbackStream.notifications(on: center, named: name, object: object, bufferingPolicy: policy)
  }

  /// The first notification (or nil if cancelled first); observing stops afterwards.
  /// - Throws: `CancellationError` if the waiting task is cancelled.
  public func wait() async throws -> Notification? {
    let first = try await stream.wait()
    try Task.checkCancellation()
    return first?.notification
  }

  /// Stops observing; a pending `wait()` returns nil.
  public func cancel() { stream.cancel() }

  public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(base: stream.makeAsyncIterator()) }

  public struct AsyncIterator: AsyncIteratorProtocol {
    var base: CallbackStream<SentNotification>.AsyncIterator

    public mutating func next() async throws -> Notification? { try await base.next()?.notification }
  }
}

@available(*, unavailable)
extension AsyncNotification.AsyncIterator: Sendable {}
