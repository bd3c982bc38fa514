import FlowTesting
import KotlinBridge
import KotlinTestDoubles
import Locking
import Testing

@Suite("kotlinSuspend { } double", .kotlinLeakCheck)
struct SuspendDoubleTests {
  @Test("returns the body's value, of any type")
  func returnsValues() async throws {
    #expect(try await kotlinSuspend { Int32(42) } == 42)
    #expect(try await kotlinSuspend { "ann" } == "ann")
    #expect(try await kotlinSuspend { LoginState.loggedIn(user: "ann") } == .loggedIn(user: "ann"))
    #expect(try await kotlinSuspend { [Int32]([1, 2]) } == [1, 2])
    #expect(try await kotlinSuspend { String?.none } == nil)
  }

  @Test("is counted as a pending call while it runs")
  func countedAsPendingCall() async throws {
    let scope = try #require(KotlinRuntimeScope.current)
    let gate = AsyncGate()
    async let answer = kotlinSuspend {
      await gate.wait()
      return true
    }
    try await scope.waitFor { $0.pendingCalls == 1 }
    gate.open()
    #expect(try await answer)
  }

  @Test("a Kotlin exception thrown by the body reaches the caller as its class")
  func throwsKotlinException() async throws {
    let error = await #expect(throws: ExportedKotlinPackages.kotlin.IllegalArgumentException.self) {
      try await kotlinSuspend { () throws -> Bool in
        throw ExportedKotlinPackages.kotlin.IllegalArgumentException(message: "Wrong password")
      }
    }
    #expect(error?.toString() == "kotlin.IllegalArgumentException: Wrong password")
  }

  @Test("cancelling the caller cancels the Kotlin job; the body's defer runs before the call returns")
  func callerCancellation() async throws {
    let finallyRan = Locked(false)
    let started = AsyncGate()
    let call = Task {
      try await kotlinSuspend { () async throws -> Int32 in
        defer { finallyRan.withLock { $0 = true } }
        started.open()
        try await delay(60_000)
        return 1
      }
    }
    await started.wait()
    call.cancel()
    await #expect(throws: CancellationError.self) { try await call.value }
    #expect(finallyRan.withLock { $0 })
  }

  @Test("a body that cancels itself cancels the caller")
  func bodyCancelsItself() async throws {
    let outcome = await Task {
      do {
        _ = try await kotlinSuspend { () throws -> Int32 in throw CancellationError() }
        return "returned"
      } catch is CancellationError {
        return Task.isCancelled ? "cancelled, task cancelled" : "cancelled, task running"
      } catch {
        return "\(error)"
      }
    }.value
    #expect(outcome == "cancelled, task cancelled")
  }

  @Test("an already-cancelled caller: the body starts, and its first delay throws")
  func alreadyCancelledCaller() async throws {
    let reachedDelay = Locked(false)
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await kotlinSuspend { () async throws -> Int32 in
        reachedDelay.withLock { $0 = true }
        try await delay(10)
        return 1
      }
    }
    await #expect(throws: CancellationError.self) { try await task.value }
  }
}

@Suite("kotlinSuspend { } on virtual time", .kotlinLeakCheck(clock: .virtualAutoAdvance))
struct SuspendDoubleVirtualTimeTests {
  @Test("delay runs on the virtual clock: a minute passes instantly")
  func virtualDelay() async throws {
    let scope = try #require(KotlinRuntimeScope.current)
    let result = try await kotlinSuspend { () async throws -> Bool in
      try await delay(60_000)
      return true
    }
    #expect(result)
    #expect(scope.currentTimeMillis == 60_000)
  }

  @Test("a suspend double can call another one (both run in the scope)")
  func nestedCalls() async throws {
    let scope = try #require(KotlinRuntimeScope.current)
    let outer = try await kotlinSuspend { () async throws -> Int32 in
      try await delay(1_000)
      let inner = try await kotlinSuspend { () async throws -> Int32 in
        try await delay(1_000)
        return 20
      }
      return inner + 1
    }
    #expect(outer == 21)
    #expect(scope.currentTimeMillis == 2_000)
  }

  @Test("delay(Long.MAX_VALUE) waits for ever, as in Kotlin: the clock never jumps to it; cancellation ends it")
  func delayForever() async throws {
    let scope = try #require(KotlinRuntimeScope.current)
    let reachedDelay = Locked(false)
    let task = Task {
      try await kotlinSuspend { () async throws -> Int32 in
        reachedDelay.withLock { $0 = true }
        try await delay(.max)
        return 1
      }
    }
    // Parked in the delay: the body reached it, and nothing runs in the scope (an auto-advancing
    // clock would have fired a timer by now; there is none).
    try await scope.waitFor { _ in reachedDelay.withLock { $0 } && scope.waitUntilIdle(timeoutMillis: 0) }
    #expect(scope.pendingDelayCount == 0)
    #expect(scope.currentTimeMillis == 0)
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(scope.currentTimeMillis == 0)
  }
}
