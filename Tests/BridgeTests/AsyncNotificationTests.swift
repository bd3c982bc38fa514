import Dispatch
import Foundation
import KotlinBridge
import Locking
import Testing

/// Seed 001's message store: `refreshMessages()` starts a refresh (or not) whose end is announced
/// by `.messagesDidRefresh`; `getMessages()` reads what is there.
final class MessageStore: Sendable {
  enum Refresh: Sendable {
    /// The refresh finishes and posts at once, before `fetchMessages` reaches `wait()`.
    case postsBeforeWait
    /// The refresh finishes later, on a background thread.
    case postsFromBackground
    /// No refresh happens (nothing to do).
    case none
  }

  let center: NotificationCenter
  private let refresh: Refresh
  private let messages = Locked<[String]>(["old"])

  init(center: NotificationCenter, refresh: Refresh) {
    self.center = center
    self.refresh = refresh
  }

  func refreshMessages() -> Bool {
    switch refresh {
    case .postsBeforeWait:
      finishRefresh()
      return true
    case .postsFromBackground:
      DispatchQueue.global().async { self.finishRefresh() }
      return true
    case .none:
      return false
    }
  }

  private func finishRefresh() {
    messages.withLock { $0 = ["old", "new"] }
    center.post(name: .messagesDidRefresh, object: nil)
  }

  func getMessages() -> [String] { messages.withLock { $0 } }
}

/// Seed 001's `fetchMessages`, against KotlinBridge's `AsyncNotification` (the only change: the
/// private `center:` and `try` instead of `try?`, so an unexpected error fails the test).
func fetchMessages(from store: MessageStore) async throws -> [String] {
  let notification = AsyncNotification(for: .messagesDidRefresh, center: store.center)

  if store.refreshMessages() {
    // リフレッシュが実行されたら、NotificationCenter の通知が来た後にメッセージ取得処理を実施する
    _ = try await notification.wait()
    return store.getMessages()
  } else {
    // リフレッシュが実行されなかったら、NotificationCenter の購読をキャンセルし、メッセージを取得する
    notification.cancel()
    return store.getMessages()
  }
}

@Suite("AsyncNotification (seed 001)", .timeLimit(.minutes(1)))
struct AsyncNotificationTests {
  @Test("fetchMessages: the refresh posts before wait() is reached — the notification is not lost")
  func refreshPostsBeforeWait() async throws {
    let store = MessageStore(center: NotificationCenter(), refresh: .postsBeforeWait)
    let messages = await boundedResult(of: Task { try await fetchMessages(from: store) }, within: .seconds(10))
    #expect((try? messages.value?.get()) == ["old", "new"])
  }

  @Test("fetchMessages: the refresh posts later from another thread — wait() returns after it (100 rounds)")
  func refreshPostsFromBackground() async throws {
    for _ in 0..<100 {
      let store = MessageStore(center: NotificationCenter(), refresh: .postsFromBackground)
      let messages = await boundedResult(of: Task { try await fetchMessages(from: store) }, within: .seconds(10))
      #expect((try? messages.value?.get()) == ["old", "new"])
    }
  }

  @Test("fetchMessages: no refresh — cancel() stops observing and the messages are read at once")
  func noRefreshCancels() async throws {
    let store = MessageStore(center: NotificationCenter(), refresh: .none)
    #expect(try await fetchMessages(from: store) == ["old"])
  }

  @Test("cancel() ends a pending wait() with nil (200 rounds, both orders)")
  func cancelEndsWait() async throws {
    for _ in 0..<200 {
      let notification = AsyncNotification(for: .ping, center: NotificationCenter())
      let waiting = Task { try await notification.wait() == nil }
      notification.cancel()
      #expect(try await waiting.value)
    }
  }

  @Test("wait() in a cancelled task throws CancellationError")
  func waitInCancelledTask() async {
    let notification = AsyncNotification(for: .ping, center: NotificationCenter())
    let waiting = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await notification.wait()?.name
    }
    await #expect(throws: CancellationError.self) { try await waiting.value }
  }

  @Test("Cancelling the task blocked in wait() ends it with CancellationError")
  func cancelWaitingTask() async {
    let center = NotificationCenter()
    let notification = AsyncNotification(for: .ping, center: center)
    let waiting = Task { try await notification.wait()?.name }
    waiting.cancel()
    let outcome = await boundedResult(of: waiting, within: .seconds(10))
    #expect(throws: CancellationError.self) { try outcome.value?.get() }
  }

  @Test("wait() returns the first notification and stops observing; object filtering applies")
  func waitStopsObserving() async throws {
    let center = NotificationCenter()
    weak var weakSender: ObservedSender?
    let notification: AsyncNotification
    do {
      let sender = ObservedSender("sender")
      weakSender = sender
      notification = AsyncNotification(for: .ping, object: sender, center: center)
      center.post(name: .ping, object: ObservedSender("someone else"), userInfo: ["n": 0])
      center.post(name: .ping, object: sender, userInfo: ["n": 1])
    }
    do {
      let first = try await notification.wait()  // holds the sender as its `object`
      #expect(first?.userInfo?["n"] as? Int == 1)
    }
    #expect(weakSender == nil)  // the observer is gone although `notification` is still alive
    _ = notification
  }
}
