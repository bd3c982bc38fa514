import CInterop
import Testing

@Suite("collectInKotlin: a flow collected by Kotlin itself")
struct CollectInKotlinTests {
  @Test("take(2) of elements() returns [Element1, Element2] and cancels the upstream")
  func takesTwoAndCancelsUpstream() async throws {
    try await withStubScope { scope in
      let flow = scope.withCurrent { Kotlin.Fixtures.elements() }
      let recorder = CallRecorder(keepObjects: true)
      let call = try #require(scope.start(recorder) { shared_fixtures_collectInKotlin(flow, 2, $0, $1) })
      #expect(await recorder.waitForOutcome() == .completed(.list([.element(1), .element(2)])))
      recorder.expectWellFormed()
      // The list holds krefs owned by the receiver: the permanent Element1 and Element2.
      let kept = recorder.kept
      try #require(kept.count == 2)
      #expect(shared_Any_identical(kept[0].pointer, Kotlin.element(1).pinned))
      #expect(shared_Any_identical(kept[1].pointer, Kotlin.element(2).pinned))
      kept.forEach(Kotlin.dispose)
      // take(2) cancelled the producer after its second item: its `finally` ran.
      let counters = await scope.waitForCounters { $0.producerFinallyRuns == 1 && $0.liveCollections == 0 }
      #expect(counters.producerFinallyRuns == 1)
      #expect(counters.liveCollections == 0)
      #expect(call.release() == shared_Status_ok)
      Kotlin.dispose(flow)
    }
  }

  @Test("a count larger than the flow returns everything it emitted")
  func countLargerThanFlow() async throws {
    try await withStubScope { scope in
      let flow = scope.withCurrent { Kotlin.Fixtures.elements() }
      let recorder = CallRecorder()
      let call = try #require(scope.start(recorder) { shared_fixtures_collectInKotlin(flow, 5, $0, $1) })
      #expect(await recorder.waitForOutcome() == .completed(.list([.element(1), .element(2), .element(3)])))
      recorder.expectWellFormed()
      #expect(call.release() == shared_Status_ok)
      Kotlin.dispose(flow)
    }
  }

  @Test("a count <= 0 fails with IllegalArgumentException, as take does", arguments: [0, -1] as [Int32])
  func nonPositiveCount(count: Int32) async throws {
    try await withStubScope { scope in
      let flow = scope.withCurrent { Kotlin.Fixtures.elements() }
      let recorder = CallRecorder()
      let call = try #require(scope.start(recorder) { shared_fixtures_collectInKotlin(flow, count, $0, $1) })
      let outcome = await recorder.waitForOutcome()
      #expect(outcome?.kind == .failed)
      #expect(outcome?.failure?.className == "kotlin.IllegalArgumentException")
      #expect(outcome?.failure?.isThrowable == true)
      recorder.expectWellFormed()
      #expect(call.release() == shared_Status_ok)
      Kotlin.dispose(flow)
    }
  }

  @Test("the upstream's exception fails the call")
  func upstreamFailure() async throws {
    try await withStubScope { scope in
      let flow = scope.withCurrent { Kotlin.Fixtures.failing() }
      let recorder = CallRecorder()
      let call = try #require(scope.start(recorder) { shared_fixtures_collectInKotlin(flow, 3, $0, $1) })
      #expect(await recorder.waitForOutcome() == .failed(.illegalState("Flow has failed")))
      recorder.expectWellFormed()
      #expect(call.release() == shared_Status_ok)
      Kotlin.dispose(flow)
    }
  }

  @Test("cancelling the call cancels the upstream collection of a StateFlow that never completes")
  func cancelCancelsUpstream() async throws {
    try await withStubScope { scope in
      let subject = scope.withCurrent { Kotlin.Subject.make() }
      let stateFlow = scope.withCurrent { Kotlin.Subject.stateFlow(subject) }
      let recorder = CallRecorder()
      let call = try #require(scope.start(recorder) { shared_fixtures_collectInKotlin(stateFlow.cast(), 2, $0, $1) })
      // The StateFlow gives Element1, then waits for a change that never comes.
      #expect(call.cancel() == shared_Status_ok)
      #expect(await recorder.waitForOutcome() == .cancelled(byConsumer: true))
      recorder.expectWellFormed()
      #expect(call.release() == shared_Status_ok)
      let counters = await scope.waitForCounters { $0.liveCollections == 0 }
      #expect(counters.liveCollections == 0)
      Kotlin.dispose(stateFlow)
      Kotlin.dispose(subject)
    }
  }
}
