import FlowTesting
import KotlinBridge
import KotlinTestDoubles
import Locking
import Testing

@Suite("CoroutineScope, launch, async, Job", .kotlinLeakCheck(clock: .virtual), .timeLimit(.minutes(1)))
struct CoroutineScopeTests {
  @Test("launch runs its body as a Kotlin job on the scope's clock; cancel ends it at its next delay")
  func launchOnVirtualTime() async throws {
    let runtime = try #require(KotlinRuntimeScope.current)
    let scope = CoroutineScope(job: SupervisorJob())
    let ticks = MutableStateFlow<Int32>(0)
    let job = scope.launch {
      while true {
        try await delay(1_000)
        ticks.update { $0 + 1 }
      }
    }
    try await runtime.waitFor { _ in runtime.pendingDelayCount == 1 }
    runtime.advance(byMillis: 3_000)
    #expect(ticks.value == 3)
    #expect(job.isActive)
    try await job.cancelAndJoin()
    #expect(job.isCancelled && job.isCompleted)
    runtime.advance(byMillis: 3_000)
    #expect(ticks.value == 3)
  }

  @Test("a launched job is pending work: waitUntilIdle waits for it to reach its delay")
  func launchIsCounted() async throws {
    let runtime = try #require(KotlinRuntimeScope.current)
    let scope = MainScope()
    scope.launch { try await delay(500) }
    try await runtime.waitFor { _ in runtime.pendingDelayCount == 1 }
    #expect(runtime.snapshot().pendingCalls == 1)
    runtime.advance(byMillis: 500)
    try await runtime.waitFor { $0.pendingCalls == 0 }
    scope.cancel()
  }

  @Test("cancelling the scope cancels every child; a later launch never runs")
  func scopeCancelCancelsChildren() async throws {
    let scope = CoroutineScope()
    let first = scope.launch { try await awaitCancellation() }
    let second = scope.launch { try await awaitCancellation() }
    scope.cancel()
    try await first.join()
    try await second.join()
    #expect(first.isCancelled && second.isCancelled && !scope.isActive)
    let ran = Locked(false)
    let late = scope.launch { ran.withLock { $0 = true } }
    try await late.join()
    #expect(late.isCancelled)
    #expect(!ran.withLock { $0 })
  }

  @Test("with Job(), a failing child cancels its siblings and the scope; with SupervisorJob() it does not")
  func failurePropagation() async throws {
    let caught = Locked<[String]>([])
    let handler: @Sendable (any Error) -> Void = { error in caught.withLock { $0.append("\(error)") } }
    for supervisor in [false, true] {
      let scope = CoroutineScope(job: supervisor ? SupervisorJob() : Job(), exceptionHandler: handler)
      let sibling = scope.launch { try await awaitCancellation() }
      let failing = scope.launch {
        try await delay(10)
        throw ExportedKotlinPackages.kotlin.IllegalStateException(message: "boom")
      }
      try await KotlinRuntimeScope.current!.waitFor { _ in KotlinRuntimeScope.current!.pendingDelayCount == 1 }
      KotlinRuntimeScope.current!.advance(byMillis: 10)
      try await failing.join()
      #expect(failing.isCancelled)
      if supervisor {
        #expect(sibling.isActive && scope.isActive)
        scope.cancel()
      }
      try await sibling.join()
      #expect(!scope.isActive)
    }
    #expect(caught.withLock { $0.count } == 2)
    #expect(caught.withLock { $0.allSatisfy { $0.contains("boom") } })
  }

  @Test("an exception escaping launch without a handler is reported as a crash on iOS")
  func uncaughtIsReported() async throws {
    try await KotlinTestRuntime.withScope { runtime in
      let scope = MainScope()
      let job = scope.launch { throw ExportedKotlinPackages.kotlin.IllegalStateException(message: "unhandled") }
      try await job.join()
      #expect(runtime.snapshot().misuses == 1)
      let misuse = try #require(runtime.lastMisuse)
      #expect(misuse.contains("unhandled") && misuse.contains("uncaught exception in a coroutine"))
    }
  }

  @Test("async returns its value to await; its failure is thrown by await, not reported")
  func asyncAwait() async throws {
    let runtime = try #require(KotlinRuntimeScope.current)
    let scope = CoroutineScope(job: SupervisorJob())
    let answer = scope.async {
      try await delay(100)
      return Int32(42)
    }
    let failing = scope.async { () async throws -> Int32 in
      throw ExportedKotlinPackages.kotlin.IllegalArgumentException(message: "bad")
    }
    try await runtime.waitFor { _ in runtime.pendingDelayCount == 1 }
    runtime.advance(byMillis: 100)
    #expect(try await answer.await() == 42)
    await #expect(throws: ExportedKotlinPackages.kotlin.IllegalArgumentException.self) { try await failing.await() }
    #expect(runtime.lastMisuse == nil)
    scope.cancel()
  }

  @Test("coroutineScope waits for its children and throws the first failure after cancelling the others")
  func coroutineScopeWaitsForChildren() async throws {
    let runtime = try #require(KotlinRuntimeScope.current)
    let order = Locked<[String]>([])
    let outer = CoroutineScope()
    let job = outer.launch {
      do {
        try await coroutineScope { scope in
          scope.launch {
            try await delay(200)
            order.withLock { $0.append("child done") }
          }
          scope.launch {
            do {
              try await awaitCancellation()
            } catch {
              order.withLock { $0.append("sibling cancelled") }
              throw error
            }
          }
          scope.launch {
            try await delay(300)
            throw ExportedKotlinPackages.kotlin.IllegalStateException(message: "late failure")
          }
        }
      } catch let error as ExportedKotlinPackages.kotlin.IllegalStateException {
        order.withLock { $0.append("caught \(error.message ?? "")") }
      }
    }
    try await runtime.waitFor { _ in runtime.pendingDelayCount == 2 }
    runtime.advance(byMillis: 300)
    try await job.join()
    #expect(order.withLock { $0 } == ["child done", "sibling cancelled", "caught late failure"])
    #expect(runtime.lastMisuse == nil)
  }

  @Test("supervisorScope waits for its children; a failing child leaves its siblings running and is uncaught")
  func supervisorScopeKeepsSiblings() async throws {
    try await KotlinTestRuntime.withScope(clock: .virtualAutoAdvance) { runtime in
      let finished = Locked<[String]>([])
      let outer = MainScope()
      let job = outer.launch {
        try await supervisorScope { scope in
          scope.launch {
            try await delay(100)
            throw ExportedKotlinPackages.kotlin.IllegalStateException(message: "one child fails")
          }
          scope.launch {
            try await delay(200)
            finished.withLock { $0.append("sibling done") }
          }
        }
        finished.withLock { $0.append("scope done") }
      }
      try await job.join()
      #expect(finished.withLock { $0 } == ["sibling done", "scope done"])
      #expect(runtime.snapshot().misuses == 1)  // the failing child's exception was uncaught
      #expect(runtime.lastMisuse?.contains("one child fails") == true)
    }
  }

  @Test("invokeOnCompletion sees nil for a completion and the cause for a cancellation")
  func invokeOnCompletion() async throws {
    let scope = MainScope()
    let causes = Locked<[String]>([])
    let done = scope.launch {}
    try await done.join()
    done.invokeOnCompletion { cause in causes.withLock { $0.append(cause == nil ? "completed" : "\(cause!)") } }
    let cancelled = scope.launch { try await awaitCancellation() }
    cancelled.invokeOnCompletion { cause in
      causes.withLock { $0.append(cause is CancellationError ? "cancelled" : "?") }
    }
    cancelled.cancel()
    try await cancelled.join()
    #expect(causes.withLock { $0 } == ["completed", "cancelled"])
    scope.cancel()
  }
}

/// Issue 28, defect 1: a Kotlin job started from inside a running body must not hang or use the
/// body's disposed token.
@Suite("Nested Kotlin work inside a body", .kotlinLeakCheck(clock: .virtualAutoAdvance), .timeLimit(.minutes(1)))
struct NestedLaunchTests {
  @Test("launch inside a kotlinSuspend body, then a delay: both run, nothing hangs", arguments: 0..<20)
  func launchInsideSuspendBody(_ run: Int) async throws {
    let scope = MainScope()
    let events = Locked<[String]>([])
    try await kotlinSuspend {
      scope.launch {
        try await kotlinSuspend { try await delay(50) }
        events.withLock { $0.append("inner") }
      }
      try await delay(100)
      events.withLock { $0.append("outer") }
    }
    #expect(events.withLock { $0 } == ["inner", "outer"])
    scope.cancel()
  }

  @Test("a Swift Task started inside a body may call Kotlin; delay there is refused with what to do")
  func taskInsideBody() async throws {
    let result = try await kotlinSuspend { () async throws -> String in
      let inner = Task { try await kotlinSuspend { Int32(7) } }
      let misuse = Task { () async -> String in
        do {
          try await delay(10)
          return "delayed"
        } catch {
          return "\(error)"
        }
      }
      try await delay(100)
      return "\(try await inner.value) \(await misuse.value)"
    }
    #expect(result.hasPrefix("7 delay(10) was called from a Swift task that a Kotlin body started"))
  }
}
