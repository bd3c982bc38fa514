import Foundation
import KotlinBridge
import Locking

/// A listener API (add / remove) that counts what a bridge does to it.
final class CountingSource<Element: Sendable>: Sendable {
  private struct State {
    var listeners: [Int: @Sendable (Element) -> Void] = [:]
    var nextToken = 0
    var subscribes = 0
    var unsubscribes = 0
  }

  private let state = Locked(State())

  func addListener(_ listener: @escaping @Sendable (Element) -> Void) -> Int {
    state.withLock { state in
      defer { state.nextToken += 1 }
      state.subscribes += 1
      state.listeners[state.nextToken] = listener
      return state.nextToken
    }
  }

  func removeListener(_ token: Int) {
    state.withLock { state in
      state.unsubscribes += 1
      state.listeners[token] = nil
    }
  }

  /// Calls every current listener (outside the lock); returns how many there were.
  @discardableResult
  func send(_ element: Element) -> Int {
    let listeners = state.withLock { Array($0.listeners.values) }
    for listener in listeners { listener(element) }
    return listeners.count
  }

  var subscribeCount: Int { state.withLock { $0.subscribes } }
  var unsubscribeCount: Int { state.withLock { $0.unsubscribes } }
  var listenerCount: Int { state.withLock { $0.listeners.count } }

  /// A `CallbackStream` over this source, the way its documentation shows.
  func stream(
    bufferingPolicy: CallbackStream<Element>.BufferingPolicy = .bufferingNewest(1)
  ) -> CallbackStream<Element> {
    CallbackStream(bufferingPolicy: bufferingPolicy) { sink in
      let token = self.addListener { sink.yield($0) }
      return { self.removeListener(token) }
    }
  }
}

/// Whether `center` still observes on behalf of `object`: swift-corelibs-foundation's
/// `NotificationCenter` holds the `object:` of an observer strongly until the observer is removed,
/// so a weakly held sender that nobody else keeps is alive exactly while an observer for it exists.
final class ObservedSender: Sendable {
  let label: String
  init(_ label: String) { self.label = label }
}

extension Notification.Name {
  static let messagesDidRefresh = Notification.Name("BridgeTests.messagesDidRefresh")
  static let ping = Notification.Name("BridgeTests.ping")
  static let other = Notification.Name("BridgeTests.other")

  /// A name no other test uses (for seed 001's copy, which observes `NotificationCenter.default`).
  static func unique(_ label: String) -> Notification.Name {
    Notification.Name("BridgeTests.\(label).\(UUID().uuidString)")
  }
}
