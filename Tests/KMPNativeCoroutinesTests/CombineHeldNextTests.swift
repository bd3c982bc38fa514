import Combine
import KMPNativeCoroutinesCombine
import KMPNativeCoroutinesTestDoubles
import KotlinBridge
import KotlinTestDoubles
import Locking
import Testing

/// The Combine side of the library's known cancellation problem: a subscriber that has no demand
/// left holds the item's `next`; cancelling then drops it, and on iOS the Kotlin collector never
/// resumes. The harness reports it ("this would hang on iOS: …") and ends the job.
@Suite(.timeLimit(.minutes(1)))
struct CombineHeldNextTests {
  @Test func cancellingWithoutDemandIsReported() async throws {
    try await KotlinTestRuntime.withScope(clock: .virtual) { scope in
      let subscriber = OneAtATime()
      createPublisher(for: flowOf(Int32(1), 2, 3).asNativeFlow()).subscribe(subscriber)
      await scope.waitUntil { _ in subscriber.values == [1] }  // Kotlin now waits for demand (`next`)
      subscriber.cancel()
      await scope.waitUntil { $0.pendingCalls == 0 && $0.liveCollections == 0 }
      #expect(scope.snapshot().misuses == 1)
      #expect(scope.lastMisuse?.hasPrefix("this would hang on iOS") == true)
      #expect(scope.lastMisuse?.contains("item 1") == true)
    }
  }
}

/// Asks for one value and no more.
private final class OneAtATime: Subscriber, @unchecked Sendable {
  // @unchecked Sendable: both properties are Locked.
  private let subscription = Locked<UncheckedSubscription?>(nil)
  private let received = Locked<[Int32]>([])

  var values: [Int32] { received.withLock { $0 } }

  func receive(subscription: any Subscription) {
    self.subscription.withLock { $0 = UncheckedSubscription(value: subscription) }
    subscription.request(.max(1))
  }

  func receive(_ input: Int32) -> Subscribers.Demand {
    received.withLock { $0.append(input) }
    return .none
  }

  func receive(completion: Subscribers.Completion<any Error>) {}

  func cancel() { subscription.withLock { $0 }?.value.cancel() }
}

private struct UncheckedSubscription: @unchecked Sendable {
  // @unchecked Sendable: the library's subscriptions are thread-safe.
  let value: any Subscription
}
