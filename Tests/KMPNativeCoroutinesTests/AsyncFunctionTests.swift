import FlowTesting
import Foundation
import KMPNativeCoroutinesAsync
import KMPNativeCoroutinesCore
import KotlinBridge
import Testing

/// `asyncFunction(for:)`, `asyncResult(for:)` and `asyncError(for:)` over `nativeSuspend { }`.
@Suite(.kotlinLeakCheck(clock: .virtualAutoAdvance), .timeLimit(.minutes(1)))
struct AsyncFunctionTests {
  @Test func returnsTheResultOnTheVirtualClock() async throws {
    let scope = try #require(KotlinRuntimeScope.current)
    let clock = FakeClock()
    #expect(try await asyncFunction(for: clock.sync()) == "synced")
    #expect(scope.currentTimeMillis == 500)
    #expect(clock.finallyRuns.withLock { $0 } == 1)
  }

  @Test func throwsTheNSErrorKotlinMade() async throws {
    let clock = FakeClock()
    do {
      _ = try await asyncFunction(for: clock.fail())
      Issue.record("fail() should have thrown")
    } catch {
      #expect((error as NSError).domain == "KotlinException")
      #expect(error.localizedDescription == "offline")
      #expect(kotlinException(of: error)?.className == "java.io.IOException")
    }
  }

  @Test func resultAndErrorVariants() async throws {
    let clock = FakeClock()
    let success = await asyncResult(for: clock.sync())
    #expect((try? success.get()) == "synced")
    let failure = await asyncResult(for: clock.fail())
    #expect(throws: (any Error).self) { try failure.get() }
    clock.mutableTime.value = 9
    #expect(await asyncError(for: clock.reset()) == nil)
    #expect(clock.timeValue == 0)
    if case .failure = await asyncResult(for: clock.reset()) { Issue.record("reset() should succeed") }
  }
}

/// Cancelling the task that awaits `asyncFunction(for:)` cancels the Kotlin job: its `finally` has run
/// when `CancellationError` arrives.
@Suite(.kotlinLeakCheck(clock: .virtual), .timeLimit(.minutes(1)))
struct AsyncFunctionCancellationTests {
  @Test func cancellingTheTaskCancelsTheKotlinJob() async throws {
    let scope = try #require(KotlinRuntimeScope.current)
    let clock = FakeClock()
    let task = Task { try await asyncFunction(for: clock.sync()) }
    await scope.waitUntil { $0.pendingCalls == 1 }  // waiting in delay(500)
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(clock.finallyRuns.withLock { $0 } == 1)  // before the error reached Swift
    #expect(scope.currentTimeMillis == 0)
  }
}
