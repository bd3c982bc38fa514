import CInterop
import Testing

/// A failing fixture flow: what it emits before it throws, and the exception.
struct FailingFixture: Sendable, CustomTestStringConvertible {
  let name: String
  let make: @Sendable () -> FlowRef
  let expectedItems: [Item]
  let failure: Failure

  var testDescription: String { name }

  static let all: [FailingFixture] = [
    FailingFixture(
      name: "failing()", make: Kotlin.Fixtures.failing, expectedItems: [.element(1), .element(2)],
      failure: .illegalState("Flow has failed")),
    FailingFixture(
      name: "discarding()", make: Kotlin.Fixtures.discarding, expectedItems: [.element(1), .element(2), .element(3)],
      failure: .illegalState("Flow must be discarded")),
  ]
}

@Suite("Terminal events")
struct TerminalEventTests {
  @Test("a flow that throws delivers its items, then `failed` with the exception", arguments: FailingFixture.all)
  func failedCarriesTheException(fixture: FailingFixture) async throws {
    try await withStubScope { scope in
      let flow = scope.withCurrent { fixture.make() }
      let recorder = Recorder(requestingEachBatch: true)
      let collection = try #require(scope.collect(flow, into: recorder))
      #expect(collection.request() == shared_Status_ok)

      #expect(await recorder.waitForTerminal() == .failed(fixture.failure))
      #expect(recorder.items == fixture.expectedItems)
      recorder.expectWellFormed(maxBatch: 1)
      #expect(scope.counters().producerFinallyRuns == 1)
      #expect(collection.release() == shared_Status_ok)
      Kotlin.dispose(flow)
    }
  }

  @Test("`failed` follows every buffered item and is delivered only in answer to a request")
  func failedAfterBufferedItems() async throws {
    try await withStubScope { scope in
      let flow = scope.withCurrent { Kotlin.Fixtures.failing() }
      let recorder = Recorder()
      let collection = try #require(scope.collect(flow, policy: .unbounded, into: recorder))
      let counters = await scope.waitForCounters { $0.producerFinallyRuns == 1 }
      #expect(counters.producerFinallyRuns == 1, "the producer ran to its exception with nothing requested")
      #expect(recorder.batches.isEmpty)
      #expect(recorder.terminal == nil)

      #expect(collection.request() == shared_Status_ok)
      #expect(await recorder.waitForItems(2))
      #expect(recorder.items == [.element(1), .element(2)])
      #expect(recorder.terminal == nil)
      #expect(collection.request() == shared_Status_ok)
      #expect(await recorder.waitForTerminal() == .failed(.illegalState("Flow has failed")))
      recorder.expectWellFormed()
      #expect(collection.release() == shared_Status_ok)
      Kotlin.dispose(flow)
    }
  }

  @Test("`completed` waits for a request even when the producer finished long before")
  func completedNeedsARequest() async throws {
    try await withStubScope { scope in
      let flow = scope.withCurrent { Kotlin.Fixtures.noElements() }
      let recorder = Recorder()
      let collection = try #require(scope.collect(flow, into: recorder))
      let counters = await scope.waitForCounters { $0.producerFinallyRuns == 1 }
      #expect(counters.producerFinallyRuns == 1)
      #expect(recorder.terminal == nil)

      #expect(collection.request() == shared_Status_ok)
      #expect(await recorder.waitForTerminal() == .completed)
      #expect(recorder.batches.isEmpty)
      recorder.expectWellFormed()
      #expect(collection.release() == shared_Status_ok)
      Kotlin.dispose(flow)
    }
  }

  @Test("after the terminal event, request and cancel answer `finished` and are not misuses")
  func finishedAfterTerminal() async throws {
    try await withStubScope { scope in
      let flow = scope.withCurrent { Kotlin.Fixtures.elements() }
      let recorder = Recorder(requestingEachBatch: true)
      let collection = try #require(scope.collect(flow, into: recorder))
      #expect(collection.request() == shared_Status_ok)
      #expect(await recorder.waitForTerminal() == .completed)

      #expect(collection.request() == shared_Status_finished)
      #expect(collection.cancel() == shared_Status_finished)
      #expect(collection.cancel() == shared_Status_finished)
      #expect(collection.release() == shared_Status_ok)
      recorder.expectWellFormed()
      Kotlin.dispose(flow)
    }
  }

  @Test("`cancelled` drops buffered items: nothing that was not requested is delivered")
  func cancelledDropsBufferedItems() async throws {
    try await withStubScope { scope in
      let flow = scope.withCurrent { Kotlin.Fixtures.range(10) }
      let recorder = Recorder()
      let collection = try #require(scope.collect(flow, policy: .bounded(3), into: recorder))
      #expect(collection.cancel() == shared_Status_ok)
      #expect(await recorder.waitForTerminal() == .cancelled(byConsumer: true))
      #expect(recorder.batches.isEmpty)
      #expect(scope.counters().producerFinallyRuns == 1)
      recorder.expectWellFormed()
      #expect(collection.release() == shared_Status_ok)
      Kotlin.dispose(flow)
    }
  }
}
