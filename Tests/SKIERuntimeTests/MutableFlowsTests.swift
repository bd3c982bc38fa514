import FlowTesting
import KotlinBridge
import SKIERuntime
import Testing

/// The mutable flows' API as SKIE exposes it: emit, tryEmit, the replay cache, the subscription
/// count, value and compareAndSet.
@Suite(.kotlinLeakCheck(clock: .virtualAutoAdvance), .timeLimit(.minutes(1)))
struct MutableFlowsTests {
  @Test func mutableSharedFlow() async throws {
    let ticker = Ticker()
    let events = ticker.events
    #expect(events.tryEmit(value: "started"))
    #expect(events.replayCache == ["started"])
    #expect(events.subscriptionCount.value == 0)
    try await events.emit(value: "ticking")
    for await event in events {
      #expect(event == "ticking")  // the replay
      #expect(events.subscriptionCount.value == 1)
      break
    }
    events.resetReplayCache()
    #expect(events.replayCache.isEmpty)
  }

  @Test func mutableStateFlow() async {
    let ticker = Ticker()
    let counter = ticker.counter
    #expect(counter.subscriptionCount.value == 0)
    for await _ in counter {
      #expect(counter.subscriptionCount.value == 1)
      break
    }
    #expect(counter.compareAndSet(expect: 0, update: 5))
    #expect(!counter.compareAndSet(expect: 0, update: 6))
    #expect(counter.value == 5)
    #expect(counter.replayCache == [5])
    #expect(counter.tryEmit(value: 7))
    #expect(counter.value == 7)
  }
}
