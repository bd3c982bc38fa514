import FlowTesting
import Foundation
import KMPNativeCoroutinesAsync
import KMPNativeCoroutinesCore
import KMPNativeCoroutinesTestDoubles
import KotlinBridge
import KotlinTestDoubles
import Testing

/// `asyncSequence(for:)` over cold flows: virtual time, completion, and an error from Kotlin.
@Suite(.timeLimit(.minutes(1)))
struct ColdFlowSequenceTests {
  @Test(.kotlinLeakCheck(clock: .virtualAutoAdvance))
  func delaysRunOnTheVirtualClock() async throws {
    let scope = try #require(KotlinRuntimeScope.current)
    let clock = FakeClock()
    var ticks: [Int32] = []
    for try await tick in asyncSequence(for: clock.ticks) { ticks.append(tick) }
    #expect(ticks == [0, 1, 2])
    #expect(scope.currentTimeMillis == 3_000)  // three delay(1_000), instantly
    #expect(clock.finallyRuns.withLock { $0 } == 1)
  }

  @Test(.kotlinLeakCheck(clock: .virtual))
  func steppedByHand() async throws {
    let scope = try #require(KotlinRuntimeScope.current)
    let clock = FakeClock()
    let seen = Recorder<Int32>()
    let task = Task {
      for try await tick in asyncSequence(for: clock.ticks) { seen.append(tick) }
    }
    await scope.waitUntil { $0.liveCollections == 1 }  // the job collects `ticks`, waiting in delay(1_000)
    #expect(seen.values.isEmpty)  // virtual time stands still
    scope.advance(byMillis: 1_000)
    try await seen.waitForCount(1)
    #expect(seen.values == [0])
    scope.advance(byMillis: 2_000)
    try await task.value
    #expect(seen.values == [0, 1, 2])
  }

  @Test(.kotlinLeakCheck(clock: .virtual))
  func aKotlinExceptionIsThrownAsTheNSErrorKotlinMade() async throws {
    let failing = flow { (collector: FlowCollector<String>) in
      try await collector.emit("first")
      throw ExportedKotlinPackages.kotlin.Throwable.make(kotlinClassName: "java.io.IOException", message: "offline")
    }
    var received: [String] = []
    do {
      for try await value in asyncSequence(for: failing.asNativeFlow()) { received.append(value) }
      Issue.record("the loop should have thrown")
    } catch {
      let nsError = error as NSError
      #expect(nsError.domain == "KotlinException")
      #expect(nsError.code == 0)
      #expect(nsError.localizedDescription == "offline")
      #expect(kotlinException(of: error)?.toString() == "java.io.IOException: offline")
    }
    #expect(received == ["first"])
  }

  @Test(.kotlinLeakCheck(clock: .virtual))
  func aKotlinSideCancellationWhileSwiftWaitsEndsTheLoopWithoutAnError() async throws {
    // Kotlin cancels its own job (its scope was cancelled) while Swift waits in next(): nil.
    let cancelling = flow { (_: FlowCollector<Int32>) in throw CancellationError() }
    var received: [Int32] = []
    for try await value in asyncSequence(for: cancelling.asNativeFlow()) { received.append(value) }
    #expect(received.isEmpty)
  }

  @Test(.kotlinLeakCheck(clock: .virtual))
  func aKotlinSideCancellationWhileTheLoopBodyRunsThrowsAtTheNextNext() async throws {
    // Kotlin runs on after handing over 1 and cancels itself before Swift asks again: the library's
    // next() then throws CancellationError.
    let cancelling = flow { (collector: FlowCollector<Int32>) in
      try await collector.emit(1)
      throw CancellationError()
    }
    var received: [Int32] = []
    await #expect(throws: CancellationError.self) {
      for try await value in asyncSequence(for: cancelling.asNativeFlow()) { received.append(value) }
    }
    #expect(received == [1])
  }

  @Test(.kotlinLeakCheck(clock: .virtual))
  func eachIteratorCollectsAnew() async throws {
    let names = flowOf("ann", "bob").asNativeFlow()
    var first: [String] = []
    for try await name in asyncSequence(for: names) { first.append(name) }
    var second: [String] = []
    for try await name in asyncSequence(for: names) { second.append(name) }
    #expect(first == ["ann", "bob"])
    #expect(second == ["ann", "bob"])
  }
}
