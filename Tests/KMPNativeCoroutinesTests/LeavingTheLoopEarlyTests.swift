import FlowTesting
import KMPNativeCoroutinesAsync
import KMPNativeCoroutinesCore
import KMPNativeCoroutinesTestDoubles
import KotlinBridge
import KotlinTestDoubles
import Testing

/// The library's known cancellation problem: leaving a loop early while the iterator holds the next
/// item (it always runs one ahead) drops that item's `next` callback, and on iOS the Kotlin collector,
/// waiting for it in `suspendCoroutine`, never resumes — the job never ends and the flow's `finally`
/// never runs. The harness reports it as a misuse ("this would hang on iOS: …") and ends the job.
@Suite(.timeLimit(.minutes(1)))
struct LeavingTheLoopEarlyTests {
  @Test func breakWhileTheNextItemIsHeldIsReported() async throws {
    try await KotlinTestRuntime.withScope(clock: .virtual) { scope in
      let words = flowOf("hello", "any", "world").asNativeFlow()
      for try await word in asyncSequence(for: words) {
        #expect(word == "hello")
        break  // "any" is held, with its `next`
      }
      await waitForTheJobToEnd(in: scope)
      #expect(scope.snapshot().misuses == 1)
      let misuse = try #require(scope.lastMisuse)
      #expect(misuse.hasPrefix("this would hang on iOS: the Kotlin collection of a NativeFlow never completes"))
      #expect(misuse.contains("item any"))
    }
  }

  @Test func firstWhereOnAColdFlowIsReportedToo() async throws {
    try await KotlinTestRuntime.withScope(clock: .virtual) { scope in
      let numbers = flowOf(Int32(1), 2, 3).asNativeFlow()
      let even = try await asyncSequence(for: numbers).first { $0 % 2 == 0 }
      #expect(even == 2)
      await waitForTheJobToEnd(in: scope)
      #expect(scope.lastMisuse?.contains("item 3") == true)
    }
  }

  @Test(.kotlinLeakCheck(clock: .virtual))
  func breakWhileKotlinWaitsOnAStateFlowIsClean() async throws {
    // A StateFlow has no next item ready: Kotlin waits for a change (cancellable), nothing is held.
    let clock = FakeClock()
    for try await time in asyncSequence(for: clock.time) {
      #expect(time == 0)
      break
    }
  }

  /// The job ends (as cancelled) once the harness resumed it; no misuse beyond the one reported.
  private func waitForTheJobToEnd(in scope: KotlinRuntimeScope) async {
    for _ in 0..<10_000 where scope.snapshot().pendingCalls > 0 || scope.snapshot().liveCollections > 0 {
      _ = scope.waitUntilIdle(timeoutMillis: 1_000)
      await Task.yield()
    }
    #expect(scope.snapshot().pendingCalls == 0)
    #expect(scope.snapshot().liveCollections == 0)
  }
}
