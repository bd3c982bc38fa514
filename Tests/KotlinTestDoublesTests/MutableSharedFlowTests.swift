import FlowTesting
import KotlinBridge
import KotlinTestDoubles
import Testing

@Suite("MutableSharedFlow double", .kotlinLeakCheck)
struct MutableSharedFlowTests {
  @Test("replay: a new subscriber gets the replay cache first")
  func replay() async throws {
    let events = MutableSharedFlow<String>(replay: 2)
    #expect(events.tryEmit(value: "a"))
    #expect(events.tryEmit(value: "b"))
    #expect(events.tryEmit(value: "c"))
    #expect(events.replayCache == ["b", "c"])
    try await events.test { (turbine: FlowTurbine<String>) async throws in
      #expect(try await turbine.awaitItem() == "b")
      #expect(try await turbine.awaitItem() == "c")
      await turbine.cancelAndIgnoreRemainingEvents()
    }
  }

  /// Runs `body` while a subscriber lags: it took 0 and asks for nothing more (its collect body is
  /// busy), so 1 stays buffered for it and later values fill the buffer (replay + extraBufferCapacity).
  private func withLaggingSubscriber(_ flow: MutableSharedFlow<Int32>, _ body: () async throws -> Void) async throws {
    let scope = try #require(KotlinRuntimeScope.current)
    let release = AsyncGate()
    let subscriber = Task {
      let iterator = flow.asAsyncSequence().makeAsyncIterator()
      let first = try await iterator.next()
      await release.wait()
      return first
    }
    try await scope.waitFor { _ in flow.subscriptionCount.value == 1 }
    #expect(flow.tryEmit(value: 0))
    try await scope.waitFor { _ in scope.waitUntilIdle(timeoutMillis: 0) }  // polls: never blocks a pool thread
    #expect(flow.tryEmit(value: 1))
    try await scope.waitFor { _ in scope.waitUntilIdle(timeoutMillis: 0) }  // polls: never blocks a pool thread
    try await body()
    release.open()
    #expect(try await subscriber.value == 0)
  }

  @Test("SUSPEND: tryEmit fails when a subscriber lags and the buffer is full")
  func suspendPolicy() async throws {
    let flow = MutableSharedFlow<Int32>(extraBufferCapacity: 1)
    try await withLaggingSubscriber(flow) {
      #expect(!flow.tryEmit(value: 2))  // 1 fills the one-slot buffer
      #expect(flow.replayCache.isEmpty)
    }
  }

  @Test("DROP_LATEST and DROP_OLDEST never suspend", arguments: [BufferOverflow.dropLatest, .dropOldest])
  func dropPolicies(overflow: BufferOverflow) async throws {
    let flow = MutableSharedFlow<Int32>(replay: 1, onBufferOverflow: overflow)
    try await withLaggingSubscriber(flow) {
      for value in Int32(2)...5 { #expect(flow.tryEmit(value: value)) }
      #expect(flow.replayCache == (overflow == .dropLatest ? [1] : [5]))
    }
  }

  @Test("a drop policy without a buffer is a misuse with Kotlin's message; the flow still works")
  func dropPolicyNeedsABuffer() async throws {
    try await KotlinTestRuntime.withScope { scope in
      let flow = MutableSharedFlow<Int32>(onBufferOverflow: .dropOldest)
      #expect(flow.tryEmit(value: 1))
      #expect(scope.snapshot().misuses == 1)
      #expect(
        scope.lastMisuse?.contains(
          "replay or extraBufferCapacity must be positive with non-default onBufferOverflow strategy") == true)
    }
  }

  @Test("Kotlin's defaults (no buffer): with no subscriber, emit returns at once and the value is dropped")
  func rendezvousWithoutSubscribers() async throws {
    let flow = MutableSharedFlow<Int32>()
    try await flow.emit(value: 1)
    #expect(flow.tryEmit(value: 2))
    #expect(flow.replayCache.isEmpty)
  }

  @Test(
    "Kotlin's defaults (no buffer): emit returns once every subscriber has taken the value",
    .timeLimit(.minutes(2)),  // a hang guard: before the fix, emit never returned
    arguments: [1, 2, 1_000])
  func rendezvous(subscribers: Int) async throws {
    try await expectRendezvous(values: [Int32(1), 2, 3], subscribers: subscribers)
    try await expectRendezvous(values: [Int(1), .max, .min], subscribers: subscribers)
    try await expectRendezvous(values: ["a", "", "👋🏽"], subscribers: subscribers)
  }
}

@Suite("MutableSharedFlow double on virtual time", .kotlinLeakCheck(clock: .virtual))
struct MutableSharedFlowVirtualTimeTests {
  @Test(
    "Kotlin's defaults (no buffer): emit returns once every subscriber has taken the value",
    .timeLimit(.minutes(2)),  // a hang guard: before the fix, emit never returned
    arguments: [1, 1_000])
  func rendezvous(subscribers: Int) async throws {
    try await expectRendezvous(values: [Int32(1), 2, 3], subscribers: subscribers)
    try await expectRendezvous(values: ["a", "b", "c"], subscribers: subscribers)
  }
}

/// `MutableSharedFlow<T>()` with `subscribers` collectors, each taking `values.count` values: `tryEmit`
/// fails while they are there (there is no buffer to put a value in), and each `emit` returns once
/// every one of them has taken the value, so that all of them receive every value, in order.
private func expectRendezvous<T: Sendable & Equatable>(values: [T], subscribers: Int) async throws {
  let scope = try #require(KotlinRuntimeScope.current)
  let flow = MutableSharedFlow<T>()
  let collectors = (0..<subscribers).map { _ in
    Task {
      var taken: [T] = []
      for try await value in flow.asAsyncSequence() {
        taken.append(value)
        if taken.count == values.count { break }
      }
      return taken
    }
  }
  try await scope.waitFor { _ in flow.subscriptionCount.value == Int32(subscribers) }
  #expect(!flow.tryEmit(value: values[0]), "no buffer: tryEmit cannot hand a value to subscribers")
  for value in values { try await flow.emit(value: value) }
  for collector in collectors { #expect(try await collector.value == values) }
  #expect(flow.replayCache.isEmpty)
  try await scope.waitFor { _ in flow.subscriptionCount.value == 0 }
}
