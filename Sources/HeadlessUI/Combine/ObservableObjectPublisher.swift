import Locking

/// The publisher an `ObservableObject` announces changes on, before they happen (Combine's
/// `ObservableObjectPublisher`). Subscribers are called on the thread that calls `send()`, without
/// any lock held.
public final class ObservableObjectPublisher: Sendable {
  private struct Subscribers {
    var next = 0
    var handlers: [Int: @Sendable () -> Void] = [:]
  }

  private let subscribers = Locked(Subscribers())

  public init() {}

  /// Announces a change to every subscriber.
  public func send() {
    let handlers = subscribers.withLock { Array($0.handlers.values) }
    for handler in handlers { handler() }
  }

  /// Calls `receiveValue` on every `send()` until the returned cancellable is cancelled or released.
  public func sink(receiveValue: @escaping @Sendable (()) -> Void) -> AnyCancellable {
    let id = subscribers.withLock { subscribers in
      defer { subscribers.next += 1 }
      subscribers.handlers[subscribers.next] = { receiveValue(()) }
      return subscribers.next
    }
    // Captures the subscriber list, not the publisher: no weak reference (whose side table
    // LeakSanitizer cannot see through) and no cycle (the list never holds cancellables).
    let subscribers = self.subscribers
    return AnyCancellable {
      _ = subscribers.withLock { $0.handlers.removeValue(forKey: id) }
    }
  }
}
