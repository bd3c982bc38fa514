import Combine
import FlowTesting
import Foundation
import KMPNativeCoroutinesCombine
import KMPNativeCoroutinesCore
import KMPNativeCoroutinesTestDoubles
import KotlinBridge
import KotlinTestDoubles
import Testing

/// `createPublisher(for:)` and `createFuture(for:)` over the fake's flows and suspend functions.
@Suite(.kotlinLeakCheck(clock: .virtual), .timeLimit(.minutes(1)))
struct CombineTests {
  @Test func publisherDeliversTheStateFlowAndCancelsKotlin() async throws {
    let scope = try #require(KotlinRuntimeScope.current)
    let clock = FakeClock()
    let seen = Recorder<Int64>()
    let cancellable = createPublisher(for: clock.time)
      .sink { _ in
        Issue.record("a StateFlow never completes")
      } receiveValue: {
        seen.append($0)
      }
    try await seen.waitForCount(1)
    clock.mutableTime.value = 3
    try await seen.waitForCount(2)
    #expect(seen.values == [0, 3])
    cancellable.cancel()
    await scope.waitUntil { $0.pendingCalls == 0 && $0.liveCollections == 0 }  // the fake lives on
  }

  @Test func publisherFinishesAfterTheLastItem() async throws {
    let clock = FakeClock()
    let completions = Recorder<String>()
    let seen = Recorder<Int32>()
    let scope = try #require(KotlinRuntimeScope.current)
    let cancellable = createPublisher(for: clock.ticks)
      .sink {
        completions.append("\($0)")
      } receiveValue: {
        seen.append($0)
      }
    await scope.waitUntil { $0.liveCollections == 1 }  // waiting in the first delay
    scope.advanceUntilIdle()
    try await completions.waitForCount(1)
    #expect(seen.values == [0, 1, 2])
    #expect(completions.values == ["finished"])
    cancellable.cancel()
  }

  @Test func publisherFailsWithTheKotlinException() async throws {
    let failing = flow { (collector: FlowCollector<String>) in
      try await collector.emit("first")
      throw ExportedKotlinPackages.kotlin.Throwable.make(kotlinClassName: "java.io.IOException", message: "offline")
    }
    let events = Recorder<String>()
    let cancellable = createPublisher(for: failing.asNativeFlow())
      .sink { completion in
        if case .failure(let error) = completion {
          events.append("failed: \(kotlinException(of: error)?.description ?? "\(error)")")
        }
      } receiveValue: {
        events.append($0)
      }
    try await events.waitForCount(2)
    #expect(events.values == ["first", "failed: java.io.IOException: offline"])
    cancellable.cancel()
  }

  @Test func futurePublishesTheResultOrTheError() async throws {
    let scope = try #require(KotlinRuntimeScope.current)
    let clock = FakeClock()
    let results = Recorder<String>()
    var cancellables = Set<AnyCancellable>()
    createFuture(for: clock.sync())
      .sink { completion in
        if case .finished = completion { results.append("finished") }
      } receiveValue: {
        results.append($0)
      }
      .store(in: &cancellables)
    createFuture(for: clock.fail())
      .sink { completion in
        if case .failure(let error) = completion { results.append("failed: \(error.localizedDescription)") }
      } receiveValue: { _ in
        Issue.record("fail() has no value")
      }
      .store(in: &cancellables)
    await scope.waitUntil { $0.pendingCalls == 2 }  // both waiting in their delays
    scope.advanceUntilIdle()
    try await results.waitForCount(3)
    #expect(Set(results.values) == ["synced", "finished", "failed: offline"])
    cancellables.removeAll()
  }

  @Test func cancellingTheFutureCancelsTheKotlinJob() async throws {
    let scope = try #require(KotlinRuntimeScope.current)
    let clock = FakeClock()
    let cancellable = createFuture(for: clock.sync())
      .sink {
        Issue.record("cancelled: no completion, got \($0)")
      } receiveValue: { _ in
        Issue.record("no value")
      }
    await scope.waitUntil { $0.pendingCalls == 1 }  // waiting in delay(500)
    cancellable.cancel()
    await scope.waitUntil { $0.pendingCalls == 0 && $0.liveCollections == 0 }  // the fake lives on
    #expect(clock.finallyRuns.withLock { $0 } == 1)
  }
}
