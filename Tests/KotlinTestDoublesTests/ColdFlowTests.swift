import FlowTesting
import KotlinBridge
import KotlinTestDoubles
import Locking
import Testing

@Suite("flow { } double", .kotlinLeakCheck)
struct ColdFlowTests {
  @Test("each collection runs the body anew")
  func bodyRunsPerCollection() async throws {
    let runs = Locked(0)
    let numbers = flow { (collector: FlowCollector<Int32>) in
      runs.withLock { $0 += 1 }
      for n in Int32(1)...3 { try await collector.emit(n) }
    }
    for _ in 0..<2 {
      var seen: [Int32] = []
      for try await n in numbers.asAsyncSequence() { seen.append(n) }
      #expect(seen == [1, 2, 3])
    }
    #expect(runs.withLock { $0 } == 2)
  }

  @Test("rendezvous: the body does not run ahead of the consumer")
  func rendezvousHoldsTheProducer() async throws {
    let emitted = Locked(0)
    let numbers = flow { (collector: FlowCollector<Int32>) in
      for n in Int32(0)..<10 {
        try await collector.emit(n)
        emitted.withLock { $0 += 1 }
      }
    }
    let iterator = numbers.asAsyncSequence().makeAsyncIterator()
    #expect(try await iterator.next() == 0)
    #expect(try await iterator.next() == 1)
    // The emit of 1 returns only when the consumer asks again: at most one emit has returned.
    #expect(emitted.withLock { $0 } <= 1)
  }

  @Test("leaving the loop cancels the body at its emit, and its defer runs as the producer's finally")
  func breakCancelsTheBody() async throws {
    let finallyRan = Locked(false)
    let endless = flow { (collector: FlowCollector<Int32>) in
      defer { finallyRan.withLock { $0 = true } }
      var n: Int32 = 0
      while true {
        try await collector.emit(n)
        n += 1
      }
    }
    for try await n in endless.asAsyncSequence() where n == 5 { break }
    try await KotlinRuntimeScope.current!.waitForQuiet()
    #expect(finallyRan.withLock { $0 })
    let snapshot = KotlinRuntimeScope.current!.snapshot()
    #expect(snapshot.producerFinallyRuns == snapshot.collectionsStarted)
  }

  @Test("an error the body throws reaches the collector as the Kotlin exception, after the items")
  func bodyErrorIsAKotlinException() async throws {
    let failing = flow { (collector: FlowCollector<String>) in
      try await collector.emit("first")
      throw ExportedKotlinPackages.kotlin.IllegalStateException(message: "boom")
    }
    try await failing.asAsyncSequence().test { turbine in
      #expect(try await turbine.awaitItem() == "first")
      let error = try await turbine.awaitError()
      #expect(
        (error as? ExportedKotlinPackages.kotlin.IllegalStateException)?.toString()
          == "kotlin.IllegalStateException: boom")
    }
  }

  @Test("a Swift error is a Kotlin exception named after its type")
  func swiftErrorIsNamed() async throws {
    struct Offline: Error, CustomStringConvertible { var description: String { "no network" } }
    let failing = flow { (_: FlowCollector<Int32>) in throw Offline() }
    do {
      for try await _ in failing.asAsyncSequence() {}
      Issue.record("expected a failure")
    } catch let error as ExportedKotlinPackages.kotlin.Throwable {
      #expect(error.className.hasSuffix("Offline"))
      #expect(error.message == "no network")
    }
  }

  @Test("a body that throws CancellationError ends the collection as cancelled")
  func bodyCancellation() async throws {
    let cancelling = flow { (collector: FlowCollector<Int32>) in
      try await collector.emit(1)
      throw CancellationError()
    }
    var seen: [Int32] = []
    await #expect(throws: CancellationError.self) {
      for try await n in cancelling.asAsyncSequence() { seen.append(n) }
    }
    #expect(seen == [1])
  }

  @Test("emitting from another task is refused, like Kotlin's flow invariant")
  func emitFromAnotherTask() async throws {
    try await KotlinTestRuntime.withScope { scope in
      let wrong = flow { (collector: FlowCollector<Int32>) in
        try await Task { try await collector.emit(1) }.value
      }
      do {
        for try await _ in wrong.asAsyncSequence() {}
        Issue.record("expected the invariant violation")
      } catch let error as ExportedKotlinPackages.kotlin.Throwable {
        #expect(error.className == "kotlin.IllegalStateException")
        #expect(error.message?.hasPrefix("Flow invariant is violated") == true)
      }
      #expect(scope.snapshot().misuses == 1)
    }
  }

  @Test("flowOf and emptyFlow", arguments: [KotlinBufferingPolicy.rendezvous, .bounded(2), .unbounded, .conflated])
  func flowOfAndEmpty(policy: KotlinBufferingPolicy) async throws {
    var seen: [String] = []
    for try await word in flowOf("a", "b", "c").asAsyncSequence(bufferingPolicy: policy) { seen.append(word) }
    if policy == .conflated {
      #expect(seen.last == "c")
    } else {
      #expect(seen == ["a", "b", "c"])
    }
    var none = 0
    for try await _ in emptyFlow(of: Int32.self).asAsyncSequence(bufferingPolicy: policy) { none += 1 }
    #expect(none == 0)
  }

  @Test("a bounded buffer carries 10 000 user values in order")
  func boundedBulk() async throws {
    struct Point: Equatable, Sendable { var x: Int }
    let points = flow { (collector: FlowCollector<Point>) in
      for x in 0..<10_000 { try await collector.emit(Point(x: x)) }
    }
    var next = 0
    for try await point in points.asAsyncSequence(bufferingPolicy: .bounded(64)) {
      #expect(point.x == next)
      next += 1
    }
    #expect(next == 10_000)
  }

  @Test("delay outside a body is a clear error")
  func delayOutsideABody() async throws {
    await #expect(throws: KotlinTestDoubleError.self) { try await delay(10) }
  }
}

@Suite("flow { } double on virtual time", .kotlinLeakCheck(clock: .virtualAutoAdvance))
struct ColdFlowVirtualTimeTests {
  @Test("delays run on the scope's virtual clock")
  func delaysAreVirtual() async throws {
    let messages = flow { (collector: FlowCollector<[String]>) in
      try await collector.emit(["Welcome"])
      try await delay(60_000)
      try await collector.emit(["Welcome", "1 new message"])
      try await delay(60_000)
      try await collector.emit(["Welcome", "1 new message", "2 new messages"])
    }
    let scope = try #require(KotlinRuntimeScope.current)
    var times: [Int64] = []
    var last: [String] = []
    for try await list in messages.asAsyncSequence() {
      times.append(scope.currentTimeMillis)
      last = list
    }
    #expect(times == [0, 60_000, 120_000])
    #expect(last.count == 3)
  }

  @Test("cancelling during a delay cancels the body there")
  func cancelDuringDelay() async throws {
    let finallyRan = Locked(false)
    let slow = flow { (collector: FlowCollector<Int32>) in
      defer { finallyRan.withLock { $0 = true } }
      try await collector.emit(1)
      try await delay(1_000_000)
      try await collector.emit(2)
    }
    for try await n in slow.asAsyncSequence() where n == 1 { break }
    try await KotlinRuntimeScope.current!.waitForQuiet()
    #expect(finallyRan.withLock { $0 })
  }
}

@Suite("flow { } collecting another flow, on virtual time", .kotlinLeakCheck(clock: .virtualAutoAdvance))
struct ColdFlowChainTests {
  @Test("a body that collects a delayed flow (a `map`) lets virtual time move for it")
  func mapOverADelayedFlow() async throws {
    let ticks = flow { (collector: FlowCollector<Int32>) in
      for n in Int32(0)..<3 {
        try await delay(1_000)
        try await collector.emit(n)
      }
    }
    let labels = flow { (collector: FlowCollector<String>) in
      for try await n in ticks.asAsyncSequence() { try await collector.emit("tick \(n)") }
    }
    let scope = try #require(KotlinRuntimeScope.current)
    var seen: [String] = []
    for try await label in labels.asAsyncSequence() { seen.append("\(label) at \(scope.currentTimeMillis)") }
    #expect(seen == ["tick 0 at 1000", "tick 1 at 2000", "tick 2 at 3000"])
  }
}

@Suite("flow { } bad input", .kotlinLeakCheck)
struct ColdFlowBadInputTests {
  @Test("emitting again after the collector cancelled throws CancellationError again, and nothing leaks")
  func emitAfterCancellation() async throws {
    let attempts = Locked(0)
    let stubborn = flow { (collector: FlowCollector<Int32>) in
      do {
        while true { try await collector.emit(1) }
      } catch is CancellationError {
        attempts.withLock { $0 += 1 }
        try await collector.emit(2)  // Kotlin: emit in a cancelled collector throws again
        attempts.withLock { $0 += 100 }  // never reached
      }
    }
    for try await _ in stubborn.asAsyncSequence() { break }
    try await KotlinRuntimeScope.current!.waitForQuiet()
    #expect(attempts.withLock { $0 } == 1)
  }

  @Test("a flow double made in a scope that has closed still runs in the scope that collects it")
  func doubleOutlivesItsScope() async throws {
    var kept: ColdFlow<Int32>?
    try await KotlinTestRuntime.withScope { _ in kept = flowOf(1, 2) }
    var seen: [Int32] = []
    for try await n in try #require(kept).asAsyncSequence() { seen.append(n) }
    #expect(seen == [1, 2])
    kept = nil
  }
}
