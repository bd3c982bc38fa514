import FlowTesting
import KMPNativeCoroutinesAsync
import KMPNativeCoroutinesCore
import KotlinBridge
import Testing

/// `asyncSequence(for:)` over a StateFlow exposed with `asNativeFlow()`: the current value first,
/// then each change; cancelling the task ends the loop without an error and the Kotlin side is gone.
@Suite(.kotlinLeakCheck(clock: .virtual), .timeLimit(.minutes(1)))
struct StateFlowSequenceTests {
  @Test func initialValueThenUpdates() async throws {
    let clock = FakeClock()
    let sequence = asyncSequence(for: clock.time)
    let iterator = sequence.makeAsyncIterator()
    #expect(try await iterator.next() == 0)
    clock.mutableTime.value = 5
    #expect(try await iterator.next() == 5)
    clock.mutableTime.value = 5  // equal: conflated by the StateFlow, nothing is emitted
    clock.mutableTime.value = 7
    #expect(try await iterator.next() == 7)
  }  // the iterator goes away here: the collection is cancelled; the leak check waits for its end

  @Test func cancellingTheTaskEndsTheLoopWithoutAnError() async throws {
    let scope = try #require(KotlinRuntimeScope.current)
    let clock = FakeClock()
    let seen = Recorder<Int64>()
    let task = Task {
      for try await time in asyncSequence(for: clock.time) { seen.append(time) }
      return "ended normally"
    }
    try await seen.waitForCount(1)
    #expect(scope.snapshot().pendingCalls == 1)  // the launched Kotlin job collecting the StateFlow
    task.cancel()
    // The library ends the loop with nil once Kotlin confirmed the cancellation; no CancellationError.
    #expect(try await task.value == "ended normally")
    #expect(seen.values == [0])
  }
}
