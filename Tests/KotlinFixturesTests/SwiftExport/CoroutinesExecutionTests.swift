import KotlinFixtures
import Testing

/// Swift export's execution tests for suspend functions (JetBrains/kotlin,
/// native/swift/swift-export-standalone-integration-tests/coroutines/testData/execution/coroutines),
/// one test here per upstream test, named after it. Upstream runs each body in `Task.detached`;
/// here a plain `Task` runs it, so that it inherits the test's Kotlin runtime scope (its clock and
/// its leak check). The fixture module declares the upstream
/// functions (`testPrimitive`, `timeout`, `cancelImmediately`, …) under their names; `callAfter`,
/// `cancelAfter`, `cancelSilentlyAfter`, `throwAfter` take `delayMillis:` here.
///
/// Where upstream sleeps (to be cancelled before a call, or while Kotlin waits), these tests cancel
/// the task themselves or wait on a `.virtual` clock that is never advanced, so nothing depends on
/// timing.
@Suite("Swift export execution tests: coroutines", .timeLimit(.minutes(1)))
struct CoroutinesExecutionTests {
  /// A task's result and whether it ended up cancelled.
  private func finish<T>(_ task: Task<T, any Error>) async -> (result: Result<T, any Error>, cancelled: Bool) {
    (await task.result, task.isCancelled)
  }

  @Test("testAlreadyCancelledTaskWithSuspensionThrowsCancellationError: the first suspension point throws")
  func testAlreadyCancelledTaskWithSuspensionThrowsCancellationError() async throws {
    try await withLeakCheckedScope(clock: .virtual) { _ in
      let blockCalls = CallCounter()
      let task = Task<Int32, any Error> {
        withUnsafeCurrentTask { $0?.cancel() }
        return try await callAfter(delayMillis: 1) {
          blockCalls.increment()
          return 1
        }
      }
      let (result, cancelled) = await finish(task)
      #expect(cancelled)
      #expect(throws: CancellationError.self) { try result.get() }
      #expect(blockCalls.value == 0)
    }
  }

  @Test("testAlreadyCancelledTaskWithoutSuspensionSucceeds: delay(0) is no suspension point, so 1 comes back")
  func testAlreadyCancelledTaskWithoutSuspensionSucceeds() async throws {
    try await withLeakCheckedScope(clock: .virtual) { _ in
      let task = Task<Int32, any Error> {
        withUnsafeCurrentTask { $0?.cancel() }
        return try await callAfter(delayMillis: 0) { 1 }
      }
      let (result, cancelled) = await finish(task)
      #expect(cancelled)
      #expect((try? result.get()) == 1)
    }
  }

  @Test("testCatchKotlinCancellationContinues: withTimeout's cancellation is caught and the task goes on")
  func testCatchKotlinCancellationContinues() async throws {
    try await withLeakCheckedScope(clock: .virtualAutoAdvance) { _ in
      let task = Task<Int32, any Error> {
        do {
          _ = try await timeout(timeMillis: 10)
          Issue.record("Kotlin function should time out")
        } catch is CancellationError {
          // caught, as upstream does, to go on
        }
        #expect(!Task.isCancelled)
        try Task.checkCancellation()
        return 5
      }
      let (result, cancelled) = await finish(task)
      #expect(!cancelled)
      #expect((try? result.get()) == 5)
    }
  }

  @Test("testCancelTaskFromKotlinWithoutSuspensions: cancelSilentlyAfter returns 42 into a cancelled task")
  func testCancelTaskFromKotlinWithoutSuspensions() async throws {
    try await withLeakCheckedScope(clock: .virtualAutoAdvance) { _ in
      let task = Task<Int32, any Error> {
        let value = try await cancelSilentlyAfter(delayMillis: 3_000) { 42 }
        #expect(Task.isCancelled)
        return value
      }
      let (result, cancelled) = await finish(task)
      #expect(cancelled)
      #expect((try? result.get()) == 42)
    }
  }

  @Test("testCancelTaskFromKotlinWithSwiftSuspension: the next Swift suspension point throws")
  func testCancelTaskFromKotlinWithSwiftSuspension() async throws {
    try await withLeakCheckedScope(clock: .virtualAutoAdvance) { _ in
      let returned = CallCounter()
      let task = Task<Int32, any Error> {
        let value = try await cancelSilentlyAfter(delayMillis: 3_000) { 42 }
        returned.increment()
        #expect(Task.isCancelled)
        try await Task.sleep(for: .seconds(3_600))  // throws at once: the task is cancelled
        return value
      }
      let (result, cancelled) = await finish(task)
      #expect(cancelled)
      #expect(returned.value == 1)
      #expect(throws: CancellationError.self) { try result.get() }
    }
  }

  @Test("testCancelTaskFromKotlinWithKotlinSuspension: cancelAfterAndSuspend throws into a cancelled task")
  func testCancelTaskFromKotlinWithKotlinSuspension() async throws {
    try await withLeakCheckedScope(clock: .virtualAutoAdvance) { _ in
      let task = Task<Int64, any Error> {
        do {
          return try await cancelAfterAndSuspend(delay: 3_000)
        } catch let error as CancellationError {
          #expect(Task.isCancelled)
          throw error
        }
      }
      let (result, cancelled) = await finish(task)
      #expect(cancelled)
      #expect(throws: CancellationError.self) { try result.get() }
    }
  }

  @Test("testCallingKotlinThatUsesCoroutines: Int, Any (Foo), object Foo and String results")
  func testCallingKotlinThatUsesCoroutines() async throws {
    try await withLeakCheckedScope(clock: .virtualAutoAdvance) { _ in
      let primitive = try await testPrimitive()
      let any = try await testAny()
      let object = try await testObject()
      let custom = try await testCustom()
      #expect(primitive == 42)
      #expect(any as? Foo == Foo.shared)
      #expect(object == Foo.shared)
      #expect(custom == "Hello, World!")
    }
  }

  @Test("testCallingKotlinLambdaThatUsesCoroutines: a Kotlin suspend lambda (::testPrimitive) called from Swift")
  func testCallingKotlinLambdaThatUsesCoroutines() async throws {
    try await withLeakCheckedScope(clock: .virtualAutoAdvance) { _ in
      let block = testPrimitiveProducedLambda()
      let value = try await block()
      #expect(value == 42)
    }
  }

  @Test("testNoCancellation: callAfter calls back once and returns 42")
  func testNoCancellation() async throws {
    try await withLeakCheckedScope(clock: .virtualAutoAdvance) { _ in
      let blockCalls = CallCounter()
      let task = Task<Int32, any Error> {
        try await callAfter(delayMillis: 300) {
          blockCalls.increment()
          return 42
        }
      }
      let (result, cancelled) = await finish(task)
      #expect(!cancelled)
      #expect((try? result.get()) == 42)
      #expect(blockCalls.value == 1)
    }
  }

  @Test("testImmediateCancellation: cancelImmediately cancels its job and the calling task")
  func testImmediateCancellation() async throws {
    try await withLeakCheckedScope { _ in
      let task = Task<Int32, any Error> { try await cancelImmediately() }
      let (result, cancelled) = await finish(task)
      #expect(cancelled)
      #expect(throws: CancellationError.self) { try result.get() }
    }
  }

  @Test("testPrecedingCancellation: a cancelled task's own suspension throws before Kotlin is called")
  func testPrecedingCancellation() async throws {
    try await withLeakCheckedScope(clock: .virtual) { scope in
      let blockCalls = CallCounter()
      let task = Task<Int32, any Error> {
        withUnsafeCurrentTask { $0?.cancel() }
        try await Task.sleep(for: .milliseconds(1))  // throws at once: the task is cancelled
        return try await callAfter(delayMillis: 0) {
          blockCalls.increment()
          return 1
        }
      }
      let (result, cancelled) = await finish(task)
      #expect(cancelled)
      #expect(throws: CancellationError.self) { try result.get() }
      #expect(blockCalls.value == 0)
      #expect(scope.snapshot().collectionsStarted == 0)
    }
  }

  @Test("testInwardCancellation: cancelling the task while Kotlin waits cancels the call; no callback")
  func testInwardCancellation() async throws {
    try await withLeakCheckedScope(clock: .virtual) { scope in
      let blockCalls = CallCounter()
      let task = Task<Int32, any Error> {
        try await callAfter(delayMillis: 3_000) {
          blockCalls.increment()
          return 1
        }
      }
      try await waitForPendingCall(in: scope)  // Kotlin is waiting
      task.cancel()
      let (result, cancelled) = await finish(task)
      #expect(cancelled)
      #expect(throws: CancellationError.self) { try result.get() }
      #expect(blockCalls.value == 0)
    }
  }

  @Test("testOutwardCancellation: cancelAfter cancels its job: CancellationError and a cancelled task")
  func testOutwardCancellation() async throws {
    try await withLeakCheckedScope(clock: .virtualAutoAdvance) { _ in
      let task = Task<Int32, any Error> { try await cancelAfter(delayMillis: 3_000) }
      let (result, cancelled) = await finish(task)
      #expect(cancelled)
      #expect(throws: CancellationError.self) { try result.get() }
    }
  }

  @Test("testSilentOutwardCancellation: cancelSilentlyAfter calls back once and 42 comes back")
  func testSilentOutwardCancellation() async throws {
    try await withLeakCheckedScope(clock: .virtualAutoAdvance) { _ in
      let blockCalls = CallCounter()
      let task = Task<Int32, any Error> {
        try await cancelSilentlyAfter(delayMillis: 3_000) {
          blockCalls.increment()
          return 42
        }
      }
      let (result, cancelled) = await finish(task)
      #expect(cancelled)
      #expect((try? result.get()) == 42)
      #expect(blockCalls.value == 1)
    }
  }

  /// The error names its Kotlin class and message (`kotlin.IllegalStateException: Foo`).
  private func expectKotlinFailure(_ result: Result<Int32, any Error>, className: String, message: String) {
    guard case .failure(let error) = result else {
      Issue.record("function should fail with a Kotlin exception, got \(result)")
      return
    }
    #expect(!(error is CancellationError))
    #expect(String(describing: error).contains(message))
    #expect((error as? ExportedKotlinPackages.kotlin.Throwable)?.className == className)
    #expect((error as? ExportedKotlinPackages.kotlin.Throwable)?.message == message)
  }

  @Test("testThrowing: throwAfter's IllegalStateException arrives with its message")
  func testThrowing() async throws {
    try await withLeakCheckedScope(clock: .virtualAutoAdvance) { _ in
      let task = Task<Int32, any Error> { try await throwAfter(delayMillis: 1_000, message: "Foo") }
      expectKotlinFailure(await task.result, className: "kotlin.IllegalStateException", message: "Foo")
    }
  }

  @Test("testImmediateThrowing: throwImmediately's IllegalStateException arrives with its message")
  func testImmediateThrowing() async throws {
    try await withLeakCheckedScope { _ in
      let task = Task<Int32, any Error> { try await throwImmediately(message: "Foo") }
      expectKotlinFailure(await task.result, className: "kotlin.IllegalStateException", message: "Foo")
    }
  }

  @Test("testNonExceptionThrowing: a Throwable that is no Exception (kotlin.Error) arrives the same way")
  func testNonExceptionThrowing() async throws {
    try await withLeakCheckedScope { _ in
      let task = Task<Int32, any Error> { try await throwNonException(message: "Foo") }
      expectKotlinFailure(await task.result, className: "kotlin.Error", message: "Foo")
    }
  }

  @Test("testNeverCompletesIsCancellable: cancelling a task suspended in neverCompletes")
  func testNeverCompletesIsCancellable() async throws {
    try await withLeakCheckedScope { scope in
      let task = Task<Int32, any Error> { try await neverCompletes() }
      try await waitForPendingCall(in: scope)
      task.cancel()
      let (result, cancelled) = await finish(task)
      #expect(cancelled)
      #expect(throws: CancellationError.self) { try result.get() }
    }
  }

  @Test("testMultipleCancelsAreIdempotent: four cancels, one CancellationError")
  func testMultipleCancelsAreIdempotent() async throws {
    try await withLeakCheckedScope { scope in
      let task = Task<Int32, any Error> { try await neverCompletes() }
      try await waitForPendingCall(in: scope)
      for _ in 0..<4 { task.cancel() }
      let (result, cancelled) = await finish(task)
      #expect(cancelled)
      #expect(throws: CancellationError.self) { try result.get() }
      #expect(scope.snapshot().misuses == 0)
    }
  }

  @Test("testParentCancellationPropagatesToStructuredChild: async let child is cancelled with its parent")
  func testParentCancellationPropagatesToStructuredChild() async throws {
    try await withLeakCheckedScope { scope in
      let parent = Task<Int32, any Error> {
        async let child: Int32 = try await neverCompletes()
        return try await child
      }
      try await waitForPendingCall(in: scope)
      parent.cancel()
      let (result, cancelled) = await finish(parent)
      #expect(cancelled)
      #expect(throws: CancellationError.self) { try result.get() }
    }
  }

  /// Disabled upstream (KT-86509, "probable race in tests"); here it holds: every one of 100 calls,
  /// cancelled at a random moment of a real-time 0–2 ms delay, ends with 42 or CancellationError.
  @Test("testCancellationRaceLoop: 100 calls cancelled at random moments end with 42 or CancellationError")
  func testCancellationRaceLoop() async throws {
    try await withLeakCheckedScope { _ in
      try await withThrowingTaskGroup(of: Void.self) { group in
        for iteration in 1...100 {
          group.addTask {
            let task = Task<Int32, any Error> {
              try await callAfter(delayMillis: Int64(iteration % 3)) { 42 }
            }
            if iteration.isMultiple(of: 2) { await Task.yield() }
            task.cancel()
            switch await task.result {
            case .success(let value): #expect(value == 42)
            case .failure(let error): #expect(error is CancellationError, "iteration \(iteration): \(error)")
            }
          }
        }
        try await group.waitForAll()
      }
    }
  }

  @Test("testFinallyCancelBeforeEnd: cancelled while delayed, Kotlin's finally runs once")
  func testFinallyCancelBeforeEnd() async throws {
    try await withLeakCheckedScope(clock: .virtual) { scope in
      let finallyRuns = CallCounter()
      let task = Task<Int32, any Error> {
        try await finallyDelayInt(delay: 3_000) { finallyRuns.increment() }
      }
      try await waitForPendingCall(in: scope)
      task.cancel()
      let (result, _) = await finish(task)
      #expect(throws: CancellationError.self) { try result.get() }
      #expect(finallyRuns.value == 1)
    }
  }

  @Test("testFinallyCancelAfterEnd: a cancel after the call returned changes nothing: 67, finally once")
  func testFinallyCancelAfterEnd() async throws {
    try await withLeakCheckedScope(clock: .virtualAutoAdvance) { _ in
      let finallyRuns = CallCounter()
      let (returned, returnedValue) = AsyncStream<Void>.makeStream()
      let (cancelDone, cancelled) = AsyncStream<Void>.makeStream()
      let task = Task<Int32, any Error> {
        let value = try await finallyDelayInt(delay: 20) { finallyRuns.increment() }
        returnedValue.finish()
        for await _ in cancelDone {}  // the test cancels this task now
        return value
      }
      for await _ in returned {}
      task.cancel()
      cancelled.finish()
      let (result, _) = await finish(task)
      #expect((try? result.get()) == 67)
      #expect(finallyRuns.value == 1)
    }
  }

  @Test("testReturnAfterThreadSwitch: testOnAnotherThread returns 42 after a hop to another thread")
  func testReturnAfterThreadSwitch() async throws {
    try await withLeakCheckedScope { _ in
      let value = try await testOnAnotherThread()
      #expect(value == 42)
    }
  }

  @Test("testFinallyThrows: the exception thrown in finally propagates, not a cancellation")
  func testFinallyThrows() async throws {
    try await withLeakCheckedScope { _ in
      let task = Task<Int32, any Error> { try await throwInFinally(message: "finally-error") }
      expectKotlinFailure(await task.result, className: "kotlin.IllegalStateException", message: "finally-error")
    }
  }

  @Test("testCancelledFinallyThrows: an exception thrown in finally on cancellation wins over it")
  func testCancelledFinallyThrows() async throws {
    try await withLeakCheckedScope(clock: .virtual) { scope in
      let task = Task<Int32, any Error> {
        try await cancelledWithThrowInFinally(delay: 3_000, message: "finally-error")
      }
      try await waitForPendingCall(in: scope)
      task.cancel()
      expectKotlinFailure(await task.result, className: "kotlin.IllegalStateException", message: "finally-error")
    }
  }
}
