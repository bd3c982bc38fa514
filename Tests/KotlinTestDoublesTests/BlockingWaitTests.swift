import FlowTesting
import KotlinBridge
import KotlinTestDoubles
import Testing

/// Tests that block a cooperative-pool thread until the Kotlin side is quiet, many at once: a body
/// must still get a thread to reach its delay. On a 2-core machine, with bodies on the pool, both pool
/// threads blocked here and no body could run: the cases waited out their timeout (and `advance`, which
/// has none, hung the test run).
@Suite("blocking waits from pool threads", .kotlinLeakCheck(clock: .virtual), .timeLimit(.minutes(2)))
struct BlockingWaitTests {
  @Test("a body reaches its delay while the test's thread waits for it", arguments: 0..<8)
  func bodyRunsWhileThePoolIsBlocked(_ case: Int) async throws {
    let scope = try #require(KotlinRuntimeScope.current)
    let reachedDelay = AsyncGate()
    let call = Task {
      try await kotlinSuspend { () async throws -> Int in
        var sum = 0
        for i in 0..<10_000 { sum &+= i }  // work before the delay
        reachedDelay.open()
        try await delay(1_000)
        return sum
      }
    }
    try await scope.waitFor { $0.pendingCalls == 1 }  // the call has started: its body is Kotlin work now
    // The bound only turns a starved body into a failure; it is wide for a sanitizer on a loaded machine.
    let idle = scope.waitUntilIdle(timeoutMillis: 30_000)
    #expect(idle, "the body never got a thread to reach its delay")
    guard idle else {
      call.cancel()  // and do not advance: that would wait for the body with no timeout
      return
    }
    await reachedDelay.wait()
    scope.advance(byMillis: 1_000)
    #expect(try await call.value == (0..<10_000).reduce(0, &+))
  }
}
