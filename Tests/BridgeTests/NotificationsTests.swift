import Foundation
import KotlinBridge
import Testing

@Suite("NotificationCenter.notifications(named:object:)", .timeLimit(.minutes(1)))
struct NotificationsTests {
  @Test("Notifications posted before the first next() are not lost, in order")
  func postsBeforeFirstNextKept() async {
    let center = NotificationCenter()
    let notifications = center.notifications(named: .ping)
    for number in 1...3 { center.post(name: .ping, object: nil, userInfo: ["n": number]) }
    var received: [Int] = []
    for await notification in notifications {
      received.append(notification.userInfo?["n"] as? Int ?? -1)
      if received.count == 3 { break }
    }
    #expect(received == [1, 2, 3])
  }

  @Test("Only the given name, and only from the given object")
  func filtersByNameAndObject() async {
    let center = NotificationCenter()
    let mine = ObservedSender("mine")
    let theirs = ObservedSender("theirs")
    let notifications = center.notifications(named: .ping, object: mine)
    center.post(name: .ping, object: theirs, userInfo: ["n": 1])
    center.post(name: .other, object: mine, userInfo: ["n": 2])
    center.post(name: .ping, object: mine, userInfo: ["n": 3])
    center.post(name: .ping, object: nil, userInfo: ["n": 4])
    var iterator = notifications.makeAsyncIterator()
    let first = await iterator.next()
    #expect(first?.userInfo?["n"] as? Int == 3)
    #expect((first?.object as? ObservedSender) === mine)
  }

  @Test("Without an object, notifications from any object arrive")
  func noObjectFilter() async {
    let center = NotificationCenter()
    let notifications = center.notifications(named: .ping)
    center.post(name: .ping, object: ObservedSender("a"), userInfo: ["n": 1])
    center.post(name: .ping, object: nil, userInfo: ["n": 2])
    var iterator = notifications.makeAsyncIterator()
    #expect(await iterator.next()?.userInfo?["n"] as? Int == 1)
    #expect(await iterator.next()?.userInfo?["n"] as? Int == 2)
  }

  /// Proof of removal: swift-corelibs-foundation's center keeps an observer's `object:` alive
  /// until the observer is removed, so the weakly held sender dies exactly when it is removed.
  @Test("break removes the observer (the center lets go of the observed object)")
  func breakRemovesObserver() async {
    let center = NotificationCenter()
    weak var weakSender: ObservedSender?
    let notifications: NotificationCenter.Notifications
    do {
      let sender = ObservedSender("sender")
      weakSender = sender
      notifications = center.notifications(named: .ping, object: sender)
      center.post(name: .ping, object: sender)
    }
    #expect(weakSender != nil)  // observed: the center holds the sender
    for await notification in notifications {
      #expect(notification.name == .ping)
      break
    }
    #expect(weakSender == nil)  // removed while `notifications` itself is still alive
    _ = notifications
  }

  @Test("A new consumer after a break receives only what is posted after it subscribed")
  func newConsumerAfterBreak() async {
    let center = NotificationCenter()
    let first = center.notifications(named: .ping)
    center.post(name: .ping, object: nil, userInfo: ["n": 1])
    for await _ in first { break }
    center.post(name: .ping, object: nil, userInfo: ["n": 2])  // nobody observes it
    let second = center.notifications(named: .ping)
    center.post(name: .ping, object: nil, userInfo: ["n": 3])
    var iterator = second.makeAsyncIterator()
    #expect(await iterator.next()?.userInfo?["n"] as? Int == 3)
  }

  @Test("Cancelling the consuming task ends the iteration and removes the observer")
  func taskCancellationEndsIteration() async {
    let center = NotificationCenter()
    let received = EventLog()
    weak var weakSender: ObservedSender?
    let consumer: Task<Int, Never>
    do {
      let sender = ObservedSender("sender")
      weakSender = sender
      let notifications = center.notifications(named: .ping, object: sender)
      consumer = Task {
        var count = 0
        for await _ in notifications {
          count += 1
          received.record("received")
        }
        return count
      }
      center.post(name: .ping, object: sender)
    }
    #expect(await received.wait(for: "received"))
    consumer.cancel()
    let outcome = await boundedValue(of: consumer, within: .seconds(10))
    #expect(outcome.value == 1)
    #expect(weakSender == nil)  // the task and its sequence are gone, and so is the observer
  }

  @Test("Releasing the sequence without iterating removes the observer")
  func releaseRemovesObserver() {
    let center = NotificationCenter()
    weak var weakSender: ObservedSender?
    do {
      let sender = ObservedSender("sender")
      weakSender = sender
      _ = center.notifications(named: .ping, object: sender)
    }
    #expect(weakSender == nil)
  }
}
