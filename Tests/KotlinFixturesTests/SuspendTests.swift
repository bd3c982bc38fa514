import KotlinFixtures
import Testing

/// Every suspend fixture, called to completion: results, Kotlin exceptions, lambdas, delays.
@Suite("Suspend functions", .timeLimit(.minutes(1)))
struct SuspendTests {
  @Test("answer() returns 42")
  func answerFixture() async throws {
    try await withLeakCheckedScope { _ in
      let value = try await answer()
      #expect(value == 42)
    }
  }

  @Test("greet(name:) returns Hello, name! for any UTF-8 name", arguments: ["Kotlin", "世界 👋🏽", ""])
  func greetFixture(name: String) async throws {
    try await withLeakCheckedScope { _ in
      let greeting = try await greet(name: name)
      #expect(greeting == "Hello, \(name)!")
    }
  }

  @Test("callAfter(delayMillis:block:) waits, then returns what block returns, calling it once")
  func callAfterFixture() async throws {
    try await withLeakCheckedScope(clock: .virtualAutoAdvance) { scope in
      let calls = CallCounter()
      let value = try await callAfter(delayMillis: 250) {
        calls.increment()
        return 7
      }
      #expect(value == 7)
      #expect(calls.value == 1)
      #expect(scope.currentTimeMillis == 250)
    }
  }

  @Test("throwAfter(delayMillis:message:) throws IllegalStateException(message) after the delay")
  func throwAfterFixture() async throws {
    try await withLeakCheckedScope(clock: .virtualAutoAdvance) { scope in
      let error = await #expect(throws: ExportedKotlinPackages.kotlin.IllegalStateException.self) {
        try await throwAfter(delayMillis: 1_000, message: "late failure")
      }
      #expect(error?.className == "kotlin.IllegalStateException")
      #expect(error?.message == "late failure")
      #expect(error?.description == "kotlin.IllegalStateException: late failure")
      #expect(scope.currentTimeMillis == 1_000)
    }
  }

  @Test("throwImmediately(message:) throws IllegalStateException(message) before suspending")
  func throwImmediatelyFixture() async throws {
    try await withLeakCheckedScope { _ in
      let error = await #expect(throws: ExportedKotlinPackages.kotlin.IllegalStateException.self) {
        try await throwImmediately(message: "at once ✋")
      }
      #expect(error?.className == "kotlin.IllegalStateException")
      #expect(error?.message == "at once ✋")
    }
  }

  @Test("withFinally(delayMillis:onFinally:) returns 67 and runs onFinally once, before returning")
  func withFinallyFixture() async throws {
    try await withLeakCheckedScope(clock: .virtualAutoAdvance) { scope in
      let finallyRuns = CallCounter()
      let value = try await withFinally(delayMillis: 500) { finallyRuns.increment() }
      #expect(value == 67)
      #expect(finallyRuns.value == 1)
      #expect(scope.currentTimeMillis == 500)
    }
  }

  @Test("throwInFinallyOnCancel(delayMillis:message:) returns 1 when not cancelled")
  func throwInFinallyUncancelled() async throws {
    try await withLeakCheckedScope(clock: .virtualAutoAdvance) { _ in
      let value = try await throwInFinallyOnCancel(delayMillis: 100, message: "unused")
      #expect(value == 1)
    }
  }

  @Test("many concurrent calls each get their own result")
  func concurrentCalls() async throws {
    try await withLeakCheckedScope { _ in
      let results = try await withThrowingTaskGroup(of: String.self) { group in
        for index in 0..<200 { group.addTask { try await greet(name: "\(index)") } }
        return try await group.reduce(into: Set<String>()) { $0.insert($1) }
      }
      #expect(results == Set((0..<200).map { "Hello, \($0)!" }))
    }
  }
}
