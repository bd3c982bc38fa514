import KotlinFixtures
import Locking
import Testing

/// Swift export's execution tests for suspend function types (JetBrains/kotlin,
/// native/swift/swift-export-standalone-integration-tests/coroutines/testData/execution/closures), one
/// test here per upstream test, named after it.
///
/// Differences from upstream, none of them in what is checked:
/// - The functions Kotlin wraps in `runBlocking` are called through ``offPool(_:)`` (a thread of their
///   own), not from the test's task: they block their thread while the Swift closures they await run
///   on the cooperative pool.
/// - Upstream's closures write captured `var`s; here they write a ``CallCounter`` or a `Locked` value,
///   which Swift 6 lets cross to the thread running the call.
/// - Upstream runs the suspend calls in `Task.detached`; here a plain `Task` runs them, so that it
///   inherits the test's Kotlin runtime scope (its clock and its leak check). Where upstream cancels
///   after a real-time wait, these tests cancel once the closure has started (a gate), or before the
///   call; timeouts run on a virtual clock moved by hand.
@Suite("Swift export execution tests: closures", .timeLimit(.minutes(1)))
struct ClosuresExecutionTests {
  /// A Swift error thrown from a closure Kotlin awaits; Kotlin sees it as an exception with this message.
  struct ClosureError: Error, CustomStringConvertible {
    let description: String
  }

  private func finish<T>(_ task: Task<T, any Error>) async -> (result: Result<T, any Error>, cancelled: Bool) {
    (await task.result, task.isCancelled)
  }

  // MARK: - Basic types

  @Test("testSimple: Kotlin awaits the Swift closure in runBlocking")
  func testSimple() async throws {
    try await withLeakCheckedScope { _ in
      let result = await offPool {
        simple(arg: 8) { arg in
          await Task.yield()
          return arg + 42
        }
      }
      #expect(result == 50)
    }
  }

  @Test("testWithLong")
  func testWithLong() async throws {
    try await withLeakCheckedScope { _ in
      let result = await offPool {
        withLong(arg: 1_000_000_000_000) { arg in
          await Task.yield()
          return arg * 2
        }
      }
      #expect(result == 2_000_000_000_000)
    }
  }

  @Test("testWithDouble")
  func testWithDouble() async throws {
    try await withLeakCheckedScope { _ in
      let result = await offPool {
        withDouble(arg: 3.14159) { arg in
          await Task.yield()
          return arg * 2.0
        }
      }
      #expect(abs(result - 6.28318) < 0.0001)
    }
  }

  @Test("testWithBoolean")
  func testWithBoolean() async throws {
    try await withLeakCheckedScope { _ in
      let negated = await offPool {
        (
          withBoolean(arg: true) { arg in
            await Task.yield()
            return !arg
          },
          withBoolean(arg: false) { arg in
            await Task.yield()
            return !arg
          }
        )
      }
      #expect(negated == (false, true))
    }
  }

  @Test("testWithString")
  func testWithString() async throws {
    try await withLeakCheckedScope { _ in
      let result = await offPool {
        withString(arg: "Hello") { arg in
          await Task.yield()
          return arg + ", World!"
        }
      }
      #expect(result == "Hello, World!")
    }
  }

  @Test("testWithEmptyString")
  func testWithEmptyString() async throws {
    try await withLeakCheckedScope { _ in
      let result = await offPool {
        withString(arg: "") { arg in
          await Task.yield()
          return arg + "nonempty"
        }
      }
      #expect(result == "nonempty")
    }
  }

  @Test("testWithAny: an object crosses as Any both ways and keeps its identity")
  func testWithAny() async throws {
    try await withLeakCheckedScope { _ in
      let same = await offPool {
        let result = withAny(arg: Foo.shared) { arg in
          await Task.yield()
          return arg
        }
        return result as? Foo == Foo.shared
      }
      #expect(same)
    }
  }

  @Test("testWithObject")
  func testWithObject() async throws {
    try await withLeakCheckedScope { _ in
      let same = await offPool {
        withObject(arg: Foo.shared) { arg in
          await Task.yield()
          return arg
        } == Foo.shared
      }
      #expect(same)
    }
  }

  // MARK: - Optional types

  @Test("testWithOptionalIntNonNil")
  func testWithOptionalIntNonNil() async throws {
    try await withLeakCheckedScope { _ in
      let result = await offPool {
        withOptionalInt(arg: 42) { arg in
          await Task.yield()
          guard let value = arg else { return nil }
          return value + 1
        }
      }
      #expect(result == 43)
    }
  }

  @Test("testWithOptionalIntNil")
  func testWithOptionalIntNil() async throws {
    try await withLeakCheckedScope { _ in
      let result = await offPool {
        withOptionalInt(arg: nil) { arg in
          await Task.yield()
          return arg ?? 100
        }
      }
      #expect(result == 100)
    }
  }

  @Test("testWithOptionalIntReturningNil")
  func testWithOptionalIntReturningNil() async throws {
    try await withLeakCheckedScope { _ in
      let result = await offPool {
        withOptionalInt(arg: 42) { _ in
          await Task.yield()
          return nil
        }
      }
      #expect(result == nil)
    }
  }

  @Test("testWithOptionalStringNonNil")
  func testWithOptionalStringNonNil() async throws {
    try await withLeakCheckedScope { _ in
      let result = await offPool {
        withOptionalString(arg: "hello") { arg in
          await Task.yield()
          guard let value = arg else { return nil }
          return value.uppercased()
        }
      }
      #expect(result == "HELLO")
    }
  }

  @Test("testWithOptionalStringNil")
  func testWithOptionalStringNil() async throws {
    try await withLeakCheckedScope { _ in
      let result = await offPool {
        withOptionalString(arg: nil) { arg in
          await Task.yield()
          return arg ?? "default"
        }
      }
      #expect(result == "default")
    }
  }

  @Test("testWithOptionalObjectNonNil")
  func testWithOptionalObjectNonNil() async throws {
    try await withLeakCheckedScope { _ in
      let result = await offPool {
        withOptionalObject(arg: Foo.shared) { arg in
          await Task.yield()
          return arg
        }
      }
      #expect(result == Foo.shared)
    }
  }

  @Test("testWithOptionalObjectNil")
  func testWithOptionalObjectNil() async throws {
    try await withLeakCheckedScope { _ in
      let result = await offPool {
        withOptionalObject(arg: nil) { arg in
          await Task.yield()
          return arg ?? Foo.shared
        }
      }
      #expect(result == Foo.shared)
    }
  }

  @Test("testWithOptionalObjectReturningNil")
  func testWithOptionalObjectReturningNil() async throws {
    try await withLeakCheckedScope { _ in
      let result = await offPool {
        withOptionalObject(arg: Foo.shared) { _ in
          await Task.yield()
          return nil
        }
      }
      #expect(result == nil)
    }
  }

  // MARK: - Unit result, several parameters, no parameters

  @Test("testWithUnitReturn: the closure ran before Kotlin returned")
  func testWithUnitReturn() async throws {
    try await withLeakCheckedScope { _ in
      let sideEffect = Locked(0)
      let result = await offPool {
        withUnitReturn(arg: 42) { arg in
          await Task.yield()
          sideEffect.withLock { $0 = Int(arg) }
        }
      }
      #expect(result == "completed")
      #expect(sideEffect.withLock { $0 } == 42)
    }
  }

  @Test("testWithTwoParams")
  func testWithTwoParams() async throws {
    try await withLeakCheckedScope { _ in
      let result = await offPool {
        withTwoParams(a: 10, b: "items") { a, b in
          await Task.yield()
          return "\(a) \(b)"
        }
      }
      #expect(result == "10 items")
    }
  }

  @Test("testWithThreeParams")
  func testWithThreeParams() async throws {
    try await withLeakCheckedScope { _ in
      let result = await offPool {
        withThreeParams(a: 5, b: "test", c: true) { a, b, c in
          await Task.yield()
          return "\(a)-\(b)-\(c)"
        }
      }
      #expect(result == "5-test-true")
    }
  }

  private static func describe(_ a: Int32?, _ b: String, _ c: Foo?) -> String {
    "\(a.map { String($0) } ?? "nil")-\(b)-\(c != nil ? "Foo" : "nil")"
  }

  @Test("testWithMixedParams")
  func testWithMixedParams() async throws {
    try await withLeakCheckedScope { _ in
      let result = await offPool {
        withMixedParams(a: nil, b: "text", c: Foo.shared) { a, b, c in
          await Task.yield()
          return Self.describe(a, b, c)
        }
      }
      #expect(result == "nil-text-Foo")
    }
  }

  @Test("testWithMixedParamsAllNil")
  func testWithMixedParamsAllNil() async throws {
    try await withLeakCheckedScope { _ in
      let result = await offPool {
        withMixedParams(a: nil, b: "", c: nil) { a, b, c in
          await Task.yield()
          return Self.describe(a, b, c)
        }
      }
      #expect(result == "nil--nil")
    }
  }

  @Test("testWithNoParams")
  func testWithNoParams() async throws {
    try await withLeakCheckedScope { _ in
      let result = await offPool {
        withNoParams {
          await Task.yield()
          return 42
        }
      }
      #expect(result == 42)
    }
  }

  @Test("testWithNoParamsUnit")
  func testWithNoParamsUnit() async throws {
    try await withLeakCheckedScope { _ in
      let called = CallCounter()
      let result = await offPool {
        withNoParamsUnit {
          await Task.yield()
          called.increment()
        }
      }
      #expect(result == "completed")
      #expect(called.value == 1)
    }
  }

  // MARK: - Several closures, lists of closures

  @Test("testWithTwoClosures: (10 * 2) + 5")
  func testWithTwoClosures() async throws {
    try await withLeakCheckedScope { _ in
      let result = await offPool {
        withTwoClosures(
          a: 10,
          first: { arg in
            await Task.yield()
            return arg * 2
          },
          second: { arg in
            await Task.yield()
            return arg + 5
          })
      }
      #expect(result == 25)
    }
  }

  @Test("testWithClosureChain: a list of Swift closures, called in turn by Kotlin")
  func testWithClosureChain() async throws {
    try await withLeakCheckedScope { _ in
      let result = await offPool {
        withClosureChain(
          initial: 1,
          closures: [
            { arg in
              await Task.yield()
              return arg + 1
            },
            { arg in
              await Task.yield()
              return arg * 2
            },
            { arg in
              await Task.yield()
              return arg + 10
            },
          ])
      }
      #expect(result == 14)
    }
  }

  @Test("testWithClosureChainEmpty")
  func testWithClosureChainEmpty() async throws {
    try await withLeakCheckedScope { _ in
      let result = await offPool { withClosureChain(initial: 42, closures: []) }
      #expect(result == 42)
    }
  }

  @Test("testProduceClosureList: Kotlin lambdas called from Swift as async throws closures")
  func testProduceClosureList() async throws {
    try await withLeakCheckedScope { _ in
      let closures = produceClosureList()
      try #require(closures.count == 3)
      var result: Int32 = 1
      for closure in closures {
        result = try await closure(result)
      }
      #expect(result == 14)
    }
  }

  @Test("testProduceNullableClosureList")
  func testProduceNullableClosureList() async throws {
    try await withLeakCheckedScope { _ in
      let closures = produceNullableClosureList()
      try #require(closures.count == 2)
      #expect(closures[0] == nil)
      var result: Int32 = 42
      for case .some(let closure) in closures {
        result = try await closure(result)
      }
      #expect(result == 42)
    }
  }

  // MARK: - Nested calls

  @Test("testNestedCall: 3*10 + 2*10 + 1*10 + 0*10")
  func testNestedCall() async throws {
    try await withLeakCheckedScope { _ in
      let result = await offPool {
        nestedCall(depth: 3) { depth in
          await Task.yield()
          return depth * 10
        }
      }
      #expect(result == 60)
    }
  }

  @Test("testNestedCallZeroDepth")
  func testNestedCallZeroDepth() async throws {
    try await withLeakCheckedScope { _ in
      let result = await offPool {
        nestedCall(depth: 0) { _ in
          await Task.yield()
          return 42
        }
      }
      #expect(result == 42)
    }
  }

  // MARK: - Exceptions

  @Test("testCatchingClosureSuccess")
  func testCatchingClosureSuccess() async throws {
    try await withLeakCheckedScope { _ in
      let result = await offPool {
        catchingClosure {
          await Task.yield()
          return 42
        }
      }
      #expect(result == "42")
    }
  }

  @Test("testCatchingClosureThrowing: a Swift error is caught in Kotlin as an Exception with its message")
  func testCatchingClosureThrowing() async throws {
    try await withLeakCheckedScope { _ in
      let result = await offPool {
        catchingClosure {
          await Task.yield()
          throw ClosureError(description: "test error")
        }
      }
      #expect(result.contains("caught"))
      #expect(result == "caught: test error")
    }
  }

  @Test("testCatchingClosureWithArgSuccess")
  func testCatchingClosureWithArgSuccess() async throws {
    try await withLeakCheckedScope { _ in
      let result = await offPool {
        catchingClosureWithArg(arg: 10) { arg in
          await Task.yield()
          return arg * 2
        }
      }
      #expect(result == "20")
    }
  }

  @Test("testCatchingClosureWithArgThrowing")
  func testCatchingClosureWithArgThrowing() async throws {
    try await withLeakCheckedScope { _ in
      let result = await offPool {
        catchingClosureWithArg(arg: 10) { _ in
          await Task.yield()
          throw ClosureError(description: "argument error")
        }
      }
      #expect(result.contains("caught"))
      #expect(result == "caught: argument error")
    }
  }

  // MARK: - Cancellation

  @Test("testCancelledClosureThrowsCancellationError: cancelling the caller cancels the running closure")
  func testCancelledClosureThrowsCancellationError() async throws {
    try await withLeakCheckedScope(clock: .virtual) { _ in
      let invoked = CallCounter()
      let started = Gate()
      let task = Task<Int32, any Error> {
        try await simpleSuspend(arg: 32) { arg in
          invoked.increment()
          started.open()
          try await Task.sleep(for: .seconds(3_600))  // throws when Kotlin cancels the closure's task
          Issue.record("Task should get cancelled before closure resumes")
          return arg
        }
      }
      await started.wait()
      task.cancel()
      let (result, cancelled) = await finish(task)
      #expect(cancelled)
      #expect(throws: CancellationError.self) { try result.get() }
      #expect(invoked.value == 1)
    }
  }

  @Test("testAlreadyCancelledTaskWithoutSuspensionSucceeds: a closure that does not suspend still returns")
  func testAlreadyCancelledTaskWithoutSuspensionSucceeds() async throws {
    try await withLeakCheckedScope(clock: .virtual) { _ in
      let task = Task<Int32, any Error> {
        withUnsafeCurrentTask { $0?.cancel() }
        return try await simpleSuspend(arg: 2) { arg in arg }
      }
      let (result, cancelled) = await finish(task)
      #expect(cancelled)
      #expect((try? result.get()) == 2)
    }
  }

  @Test("testCancelFromInsideClosureWithoutSuspend: the closure's own cancellation reaches the caller")
  func testCancelFromInsideClosureWithoutSuspend() async throws {
    try await withLeakCheckedScope(clock: .virtual) { _ in
      let task = Task<Int32, any Error> {
        try await simpleSuspend(arg: 25) { arg in
          withUnsafeCurrentTask { $0?.cancel() }
          return arg
        }
      }
      let (result, cancelled) = await finish(task)
      #expect(cancelled)
      #expect((try? result.get()) == 25)
    }
  }

  @Test("testCancelFromInsideClosureWithSuspend: the closure's next suspension point throws")
  func testCancelFromInsideClosureWithSuspend() async throws {
    try await withLeakCheckedScope(clock: .virtual) { _ in
      let task = Task<Int32, any Error> {
        try await simpleSuspend(arg: 25) { arg in
          withUnsafeCurrentTask { $0?.cancel() }
          try await Task.sleep(for: .milliseconds(1))
          return arg
        }
      }
      let (result, cancelled) = await finish(task)
      #expect(cancelled)
      #expect(throws: CancellationError.self) { try result.get() }
    }
  }

  @Test("testCancelFromInsideClosureWithKotlinSuspend: Kotlin's next suspension point throws")
  func testCancelFromInsideClosureWithKotlinSuspend() async throws {
    try await withLeakCheckedScope(clock: .virtualAutoAdvance) { _ in
      let task = Task<Int32, any Error> {
        try await simpleSuspendWithDelay(arg: 98) { arg in
          withUnsafeCurrentTask { $0?.cancel() }
          return arg
        }
      }
      let (result, cancelled) = await finish(task)
      #expect(cancelled)
      #expect(throws: CancellationError.self) { try result.get() }
    }
  }

  @Test("testCallClosureWithDelayNoCancellation")
  func testCallClosureWithDelayNoCancellation() async throws {
    try await withLeakCheckedScope(clock: .virtualAutoAdvance) { _ in
      let task = Task<Int32, any Error> {
        try await callClosureWithDelay(delayMs: 100) {
          await Task.yield()
          return 42
        }
      }
      let (result, cancelled) = await finish(task)
      #expect(!cancelled)
      #expect((try? result.get()) == 42)
    }
  }

  @Test("testCallClosureWithDelayCancelled: cancelled during Kotlin's delay, the closure never runs")
  func testCallClosureWithDelayCancelled() async throws {
    try await withLeakCheckedScope(clock: .virtual) { scope in
      let invoked = CallCounter()
      let task = Task<Int32, any Error> {
        try await callClosureWithDelay(delayMs: 2_000) {
          invoked.increment()
          await Task.yield()
          return 42
        }
      }
      try await waitForPendingCall(in: scope)  // in delay(2000): the virtual clock is never moved
      task.cancel()
      let (result, cancelled) = await finish(task)
      #expect(cancelled)
      #expect(throws: CancellationError.self) { try result.get() }
      #expect(invoked.value == 0)
    }
  }

  @Test("testCallClosureCheckingCancellationNotCancelled")
  func testCallClosureCheckingCancellationNotCancelled() async throws {
    try await withLeakCheckedScope { _ in
      let task = Task<Int32, any Error> {
        try await callClosureCheckingCancellation {
          await Task.yield()
          return 42
        }
      }
      let (result, cancelled) = await finish(task)
      #expect(!cancelled)
      #expect((try? result.get()) == 42)
    }
  }

  @Test("testCallClosureCheckingCancellationPreCancelled: yield() throws before the closure is called")
  func testCallClosureCheckingCancellationPreCancelled() async throws {
    try await withLeakCheckedScope { _ in
      let task = Task<Int32, any Error> {
        withUnsafeCurrentTask { $0?.cancel() }
        return try await callClosureCheckingCancellation {
          Issue.record("Closure shouldn't be called when already cancelled")
          return 42
        }
      }
      let (result, cancelled) = await finish(task)
      #expect(cancelled)
      #expect(throws: CancellationError.self) { try result.get() }
    }
  }

  @Test("testCallClosureInNewScope")
  func testCallClosureInNewScope() async throws {
    try await withLeakCheckedScope { _ in
      let result = await offPool {
        callClosureInNewScope {
          await Task.yield()
          return 42
        }
      }
      #expect(result == 42)
    }
  }

  // MARK: - Kotlin cancels the Swift closure

  @Test("testKotlinCancelsSwiftClosure: withTimeoutOrNull(3 s) fires on the virtual clock and cancels the closure")
  func testKotlinCancelsSwiftClosure() async throws {
    try await withLeakCheckedScope(clock: .virtual) { scope in
      let started = Gate()
      let call = Task {
        await offPool {
          cancelClosureFromKotlin {
            started.open()
            try await Task.sleep(for: .seconds(3_600))  // only Kotlin's cancellation ends it
            return 42
          }
        }
      }
      await started.wait()  // the timeout's timer was armed before the closure was called
      scope.advance(byMillis: 3_000)
      #expect(await call.value == "timed_out")
    }
  }

  @Test("testKotlinCancelsSwiftClosureQuickReturn: the closure ends before the timeout")
  func testKotlinCancelsSwiftClosureQuickReturn() async throws {
    try await withLeakCheckedScope(clock: .virtual) { _ in  // never advanced: the timeout cannot fire
      let result = await offPool {
        cancelClosureFromKotlin {
          await Task.yield()
          return 42
        }
      }
      #expect(result == "completed: 42")
    }
  }

  @Test("testKotlinCancelsSwiftClosureWithArg: withTimeoutOrNull(100) around delay(0) and the closure")
  func testKotlinCancelsSwiftClosureWithArg() async throws {
    try await withLeakCheckedScope(clock: .virtual) { scope in
      let started = Gate()
      let call = Task {
        await offPool {
          cancelClosureWithArgFromKotlin(delayMs: 0) { arg in
            started.open()
            try await Task.sleep(for: .seconds(3_600))
            return arg * 2
          }
        }
      }
      await started.wait()
      scope.advance(byMillis: 100)
      #expect(await call.value == "timed_out")
    }
  }

  // MARK: - A closure calling back into Kotlin

  @Test("testClosureCallingKotlin: the Swift closure awaits the Kotlin lambda it was given")
  func testClosureCallingKotlin() async throws {
    try await withLeakCheckedScope(clock: .virtualAutoAdvance) { _ in
      let result = await offPool {
        closureCallingKotlin { kotlinClosure in
          await Task.yield()
          let kotlinResult = try await kotlinClosure()  // { delay(10); 42 }
          return kotlinResult + 8
        }
      }
      #expect(result == 50)
    }
  }

  // MARK: - Edge cases

  @Test("testClosureCalledMultipleTimes: 0 + 10 + 20 + 30 + 40")
  func testClosureCalledMultipleTimes() async throws {
    try await withLeakCheckedScope { _ in
      let calls = CallCounter()
      let result = await offPool {
        closureCalledMultipleTimes(times: 5) { i in
          await Task.yield()
          calls.increment()
          return i * 10
        }
      }
      #expect(calls.value == 5)
      #expect(result == 100)
    }
  }

  @Test("testClosureCalledZeroTimes")
  func testClosureCalledZeroTimes() async throws {
    try await withLeakCheckedScope { _ in
      let calls = CallCounter()
      let result = await offPool {
        closureCalledMultipleTimes(times: 0) { _ in
          await Task.yield()
          calls.increment()
          return 1
        }
      }
      #expect(calls.value == 0)
      #expect(result == 0)
    }
  }

  @Test("testClosureNeverCalledTrue")
  func testClosureNeverCalledTrue() async throws {
    try await withLeakCheckedScope { _ in
      let called = CallCounter()
      let result = await offPool {
        closureNeverCalled(shouldCall: true) {
          await Task.yield()
          called.increment()
          return 42
        }
      }
      #expect(called.value == 1)
      #expect(result == 42)
    }
  }

  @Test("testClosureNeverCalledFalse")
  func testClosureNeverCalledFalse() async throws {
    try await withLeakCheckedScope { _ in
      let called = CallCounter()
      let result = await offPool {
        closureNeverCalled(shouldCall: false) {
          await Task.yield()
          called.increment()
          return 42
        }
      }
      #expect(called.value == 0)
      #expect(result == -1)
    }
  }

  // MARK: - Collections

  @Test("testWithListParam")
  func testWithListParam() async throws {
    try await withLeakCheckedScope { _ in
      let result = await offPool {
        withListParam(list: [1, 2, 3]) { list in
          await Task.yield()
          return list.map { $0 * 2 }
        }
      }
      #expect(result == [2, 4, 6])
    }
  }

  @Test("testWithListParamEmpty")
  func testWithListParamEmpty() async throws {
    try await withLeakCheckedScope { _ in
      let result = await offPool {
        withListParam(list: []) { list in
          await Task.yield()
          return list
        }
      }
      #expect(result.isEmpty)
    }
  }

  @Test("testWithMapParam")
  func testWithMapParam() async throws {
    try await withLeakCheckedScope { _ in
      let result = await offPool {
        withMapParam(map: ["a": 1, "b": 2]) { map in
          await Task.yield()
          var newMap: [String: Int32] = [:]
          for (key, value) in map { newMap[key] = value * 10 }
          return newMap
        }
      }
      #expect(result == ["a": 10, "b": 20])
    }
  }

  @Test("testWithMapParamEmpty")
  func testWithMapParamEmpty() async throws {
    try await withLeakCheckedScope { _ in
      let result = await offPool {
        withMapParam(map: [:]) { map in
          await Task.yield()
          return map
        }
      }
      #expect(result.isEmpty)
    }
  }

  // MARK: - Concurrency

  @Test("testMultipleConcurrentClosureCalls: ten suspend calls, each awaiting its own closure")
  func testMultipleConcurrentClosureCalls() async throws {
    try await withLeakCheckedScope { _ in
      try await withThrowingTaskGroup(of: Int32.self) { group in
        for i: Int32 in 0..<10 {
          group.addTask {
            try await simpleSuspend(arg: i) { arg in
              await Task.yield()
              return arg * 2
            }
          }
        }
        var results: [Int32] = []
        for try await result in group { results.append(result) }
        #expect(results.sorted() == [0, 2, 4, 6, 8, 10, 12, 14, 16, 18])
      }
    }
  }
}
