import Locking

/// Wraps a subscribe/unsubscribe callback source (a notification, a listener, a publisher) as an
/// `AsyncSequence` — the safe, general form of seed 001's `CombineAsyncStream`.
///
/// - Subscribes at creation, so nothing sent before the first `next()` is lost (up to the
///   buffering policy; the seed's default, newest 1, is the default here too).
/// - Unsubscribes exactly once: on `cancel()`, on `wait()` returning, when the iterator is dropped
///   (`break`), when the consuming task is cancelled, when the source finishes, or on deinit.
/// - One consumer: iterate it once.
///
/// ```swift
/// let stream = CallbackStream<Int> { sink in
///   let token = source.addListener { sink.yield($0) }
///   return { source.removeListener(token) }
/// }
/// let first = try await stream.wait()  // then unsubscribed
/// ```
public final class CallbackStream<Element: Sendable>: AsyncSequence, Sendable {
  public typealias Failure = any Error
  public typealias BufferingPolicy = AsyncThrowingStream<Element, any Error>.Continuation.BufferingPolicy

  /// Where the source sends its events. Safe to call from any thread, also after cancellation
  /// (then it does nothing).
  public struct Sink: Sendable {
    let continuation: AsyncThrowingStream<Element, any Error>.Continuation

    /// Sends an element.
    public func yield(_ element: Element) { continuation.yield(element) }
    /// Ends the sequence, with an error or normally.
    public func finish(throwing error: (any Error)? = nil) { continuation.finish(throwing: error) }
  }

  private let stream: AsyncThrowingStream<Element, any Error>
  private let continuation: AsyncThrowingStream<Element, any Error>.Continuation
  /// How to unsubscribe, until done; `ended` once the sequence terminated (maybe before the
  /// source even returned its unsubscribe action).
  private let subscription = Locked<(unsubscribe: (@Sendable () -> Void)?, ended: Bool)>((nil, false))

  /// Subscribes now.
  /// - Parameters:
  ///   - bufferingPolicy: what to keep while nobody is waiting (default: the newest element).
  ///   - subscribe: subscribes to the source and returns how to unsubscribe.
  public init(
    bufferingPolicy: BufferingPolicy = .bufferingNewest(1),
    subscribe: (Sink) -> @Sendable () -> Void
  ) {
    (stream, continuation) = AsyncThrowingStream.makeStream(bufferingPolicy: bufferingPolicy)
    let subscription = self.subscription
    continuation.onTermination = { _ in Self.end(subscription) }
    let remove = subscribe(Sink(continuation: continuation))
    let endedAlready = subscription.withLock { state -> Bool in
      if state.ended { return true }
      state.unsubscribe = remove
      return false
    }
    if endedAlready { remove() }  // the source finished during subscribe
  }

  deinit { cancel() }

  /// Stops listening: unsubscribes (once) and ends the sequence.
  public func cancel() {
    continuation.finish()
    Self.end(subscription)
  }

  private static func end(_ subscription: Locked<(unsubscribe: (@Sendable () -> Void)?, ended: Bool)>) {
    let action = subscription.withLock { state in
      defer {
        state.unsubscribe = nil
        state.ended = true
      }
      return state.unsubscribe
    }
    action?()
  }

  /// The first element (or nil if the source finished first), then unsubscribes.
  public func wait() async throws -> Element? {
    defer { cancel() }
    var iterator = stream.makeAsyncIterator()
    return try await iterator.next()
  }

  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(base: stream.makeAsyncIterator(), lifetime: Lifetime(owner: self))
  }

  public struct AsyncIterator: AsyncIteratorProtocol {
    var base: AsyncThrowingStream<Element, any Error>.Iterator
    let lifetime: Lifetime

    public mutating func next() async throws -> Element? { try await base.next() }

    public mutating func next(isolation actor: isolated (any Actor)?) async throws -> Element? {
      try await base.next(isolation: actor)
    }
  }

  /// Unsubscribes when the iterator is dropped (a `break` out of `for await`).
  final class Lifetime: Sendable {
    let owner: CallbackStream<Element>
    init(owner: CallbackStream<Element>) { self.owner = owner }
    deinit { owner.cancel() }
  }
}

@available(*, unavailable)
extension CallbackStream.AsyncIterator: Sendable {}
