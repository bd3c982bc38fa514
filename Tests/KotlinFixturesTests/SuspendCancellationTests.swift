import KotlinFixtures
import Testing

/// Cancellation across the suspend-call boundary: inward (Swift task → Kotlin job), outward (Kotlin
/// job → Swift task), from parents to children, and `finally` blocks that run or throw.
///
/// Calls that must still be running when cancelled wait on a `.virtual` clock that the test never
/// advances, so they cannot complete on their own whatever the timing.
@Suite("Suspend call cancellation", .timeLimit(.minutes(1)))
struct SuspendCancellationTests {
  @Test("a task that is already cancelled gets CancellationError from a call that would suspend")
  func alreadyCancelledSuspending() async throws {
    try await withLeakCheckedScope(clock: .virtual) { _ in
      let task = Task {
        withUnsafeCurrentTask { $0?.cancel() }
        return try await neverCompletes()
      }
      await #expect(throws: CancellationError.self) { try await task.value }
    }
  }

  /// In Kotlin, `answer()` is `withContext(Dispatchers.Default) { 42 }`, which checks for cancellation
  /// first: a cancelled caller never gets 42. The adaptor starts the call and cancels it right after,
  /// so a Kotlin worker can finish the body in between; 2 000 calls from one cancelled task (about
  /// 0.05 s) catch that window in nearly every run (it opened for 0.1 %–6 % of calls when measured).
  @Test("a task that is already cancelled gets CancellationError, not a result, from answer()")
  func alreadyCancelledNonSuspending() async throws {
    try await withLeakCheckedScope { _ in
      let task = Task { () -> (results: Int, otherErrors: [String]) in
        withUnsafeCurrentTask { $0?.cancel() }
        var outcome = (results: 0, otherErrors: [String]())
        for _ in 0..<2_000 {
          do {
            _ = try await answer()
            outcome.results += 1
          } catch is CancellationError {
          } catch {
            outcome.otherErrors.append("\(error)")
          }
        }
        return outcome
      }
      let outcome = await task.value
      #expect(outcome.results == 0, "a cancelled task got \(outcome.results) results out of 2 000 calls")
      #expect(outcome.otherErrors.isEmpty)
    }
  }

  @Test("inward: cancelling the task cancels the Kotlin job; its finally ran once before the call returned")
  func inwardCancellation() async throws {
    try await withLeakCheckedScope(clock: .virtual) { scope in
      for _ in 0..<20 {
        let finallyRuns = CallCounter()
        let task = Task { () -> Int in
          do {
            _ = try await withFinally(delayMillis: 60_000) { finallyRuns.increment() }
            Issue.record("withFinally returned although virtual time never passed")
          } catch {
            #expect(error is CancellationError, "\(error)")
          }
          return finallyRuns.value
        }
        task.cancel()
        let runsWhenReturned = await task.value
        #expect(runsWhenReturned == 1)
        #expect(finallyRuns.value == 1)
      }
      #expect(scope.currentTimeMillis == 0)
    }
  }

  @Test("outward: cancelAfter cancels its own job → CancellationError, and the calling task is cancelled")
  func outwardCancellation() async throws {
    try await withLeakCheckedScope(clock: .virtualAutoAdvance) { scope in
      let task = Task { () -> (error: (any Error)?, taskCancelled: Bool) in
        do {
          _ = try await cancelAfter(delayMillis: 100)
          return (nil, Task.isCancelled)
        } catch {
          return (error, Task.isCancelled)
        }
      }
      let outcome = await task.value
      #expect(outcome.error is CancellationError, "\(String(describing: outcome.error))")
      #expect(outcome.taskCancelled)
      #expect(scope.currentTimeMillis == 100)
    }
  }

  @Test("silent outward: cancelSilentlyAfter returns block's value, and the calling task ends up cancelled")
  func silentOutwardCancellation() async throws {
    try await withLeakCheckedScope(clock: .virtualAutoAdvance) { _ in
      let blockCalls = CallCounter()
      let task = Task { () -> (result: Result<Int32, any Error>, taskCancelled: Bool) in
        do {
          let value = try await cancelSilentlyAfter(delayMillis: 100) {
            blockCalls.increment()
            return 5
          }
          return (.success(value), Task.isCancelled)
        } catch {
          return (.failure(error), Task.isCancelled)
        }
      }
      let outcome = await task.value
      #expect((try? outcome.result.get()) == 5)
      #expect(blockCalls.value == 1)
      #expect(outcome.taskCancelled)
    }
  }

  @Test("neverCompletes() ends with CancellationError when its task is cancelled")
  func neverCompletesCancelled() async throws {
    try await withLeakCheckedScope { scope in
      let (started, markStarted) = AsyncStream<Void>.makeStream()
      let task = Task {
        markStarted.finish()
        return try await neverCompletes()
      }
      for await _ in started {}
      task.cancel()
      await #expect(throws: CancellationError.self) { try await task.value }
    }
  }

  @Test("cancelling twice is harmless: one CancellationError, finally once, no misuse")
  func idempotentCancel() async throws {
    try await withLeakCheckedScope(clock: .virtual) { _ in
      let finallyRuns = CallCounter()
      let task = Task { try await withFinally(delayMillis: 1_000) { finallyRuns.increment() } }
      task.cancel()
      task.cancel()
      await #expect(throws: CancellationError.self) { try await task.value }
      task.cancel()
      #expect(finallyRuns.value == 1)
    }
  }

  @Test("cancelling a task after its call completed changes nothing")
  func cancelAfterCompletion() async throws {
    try await withLeakCheckedScope { _ in
      let task = Task { try await answer() }
      let value = try await task.value
      task.cancel()
      #expect(value == 42)
      #expect(try await task.value == 42)
    }
  }

  @Test("cancelling a parent task cancels the Kotlin calls of its async let and task-group children")
  func parentToChild() async throws {
    try await withLeakCheckedScope(clock: .virtual) { scope in
      let finallyRuns = CallCounter()
      let parent = Task { () -> [String] in
        async let first = withFinally(delayMillis: 60_000) { finallyRuns.increment() }
        let fromGroup = await withTaskGroup(of: String.self) { group in
          for _ in 0..<3 {
            group.addTask {
              do {
                _ = try await withFinally(delayMillis: 60_000) { finallyRuns.increment() }
                return "returned"
              } catch {
                return error is CancellationError ? "cancelled" : "\(error)"
              }
            }
          }
          group.addTask {
            do {
              _ = try await neverCompletes()
              return "returned"
            } catch {
              return error is CancellationError ? "cancelled" : "\(error)"
            }
          }
          return await group.reduce(into: []) { $0.append($1) }
        }
        do {
          _ = try await first
          return fromGroup + ["returned"]
        } catch {
          return fromGroup + [error is CancellationError ? "cancelled" : "\(error)"]
        }
      }
      parent.cancel()
      let outcomes = await parent.value
      #expect(outcomes == Array(repeating: "cancelled", count: 5))
      #expect(finallyRuns.value == 4)
      #expect(scope.currentTimeMillis == 0)
    }
  }

  @Test("finally that throws on cancel: the Kotlin exception with its message, not CancellationError")
  func finallyThrowsOnCancel() async throws {
    try await withLeakCheckedScope(clock: .virtual) { _ in
      let task = Task { try await throwInFinallyOnCancel(delayMillis: 60_000, message: "cleanup failed") }
      task.cancel()
      let error = await #expect(throws: ExportedKotlinPackages.kotlin.IllegalStateException.self) {
        try await task.value
      }
      #expect(error?.toString() == "kotlin.IllegalStateException: cleanup failed")
    }
  }

  @Test("callAfter's block is not invoked when the call is cancelled during its delay")
  func cancelledBlockNotInvoked() async throws {
    try await withLeakCheckedScope(clock: .virtual) { _ in
      let blockCalls = CallCounter()
      let task = Task {
        try await callAfter(delayMillis: 1_000) {
          blockCalls.increment()
          return 1
        }
      }
      task.cancel()
      await #expect(throws: CancellationError.self) { try await task.value }
      #expect(blockCalls.value == 0)
    }
  }
}
