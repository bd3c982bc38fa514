import KotlinFixtures
import Testing

/// `collectInKotlin(flow:count:)`: a flow created by Kotlin and held by Swift, passed back into
/// Kotlin and collected there (`flow.take(count).toList()`).
@Suite("Flows collected in Kotlin", .timeLimit(.minutes(1)))
struct KotlinCollectorTests {
  @Test("take(count) of a cold flow")
  func coldFlow() async throws {
    try await withLeakCheckedScope { scope in
      let flow = elements()
      let two = try await collectInKotlin(flow: flow, count: 2)
      let all = try await collectInKotlin(flow: flow, count: 3)
      let more = try await collectInKotlin(flow: flow, count: 10)
      #expect(two == [Element1.shared, Element2.shared] as [Elem])
      #expect(all == [Element1.shared, Element2.shared, Element3.shared] as [Elem])
      #expect(more == all)
      #expect(scope.snapshot().collectionsStarted == 3)
    }
  }

  @Test("the flow's exception propagates out of the Kotlin collector")
  func failingFlow() async throws {
    try await withLeakCheckedScope { _ in
      let early = try await collectInKotlin(flow: failing(), count: 2)
      #expect(early == [Element1.shared, Element2.shared] as [Elem])
      let error = await #expect(throws: ExportedKotlinPackages.kotlin.IllegalStateException.self) {
        try await collectInKotlin(flow: failing(), count: 3)
      }
      #expect(error?.toString() == "kotlin.IllegalStateException: Flow has failed")
    }
  }

  @Test("count <= 0 fails with IllegalArgumentException, as take() does")
  func invalidCount() async throws {
    try await withLeakCheckedScope { _ in
      let error = await #expect(throws: ExportedKotlinPackages.kotlin.IllegalArgumentException.self) {
        try await collectInKotlin(flow: elements(), count: 0)
      }
      #expect(error?.className == "kotlin.IllegalArgumentException")
      #expect(error?.message == "Requested element count 0 should be positive")
    }
  }

  @Test("replayed SharedFlow values emitted from Swift")
  func sharedFlowReplay() async throws {
    try await withLeakCheckedScope { _ in
      let subject = Subject()
      for element in [Element3.shared, Element1.shared] as [Elem] {
        try await subject.mutableSharedFlow.emit(value: element)
      }
      let replayed = try await collectInKotlin(flow: subject.sharedFlow, count: 2)
      #expect(replayed == [Element3.shared, Element1.shared] as [Elem])
    }
  }

  @Test("cancelling the Swift task cancels the Kotlin collector and its upstream collection")
  func cancelKotlinCollector() async throws {
    try await withLeakCheckedScope { _ in
      let subject = Subject()
      let collector = Task { try await collectInKotlin(flow: subject.stateFlow, count: 2) }
      collector.cancel()
      await #expect(throws: CancellationError.self) { try await collector.value }
    }
  }
}
