import CInterop
import Testing

/// A fixture flow and the items its Kotlin source emits.
struct FlowFixture: Sendable, CustomTestStringConvertible {
  let name: String
  let make: @Sendable () -> FlowRef
  let expected: [Item]

  var testDescription: String { name }

  static let all: [FlowFixture] = [
    FlowFixture(name: "elements()", make: Kotlin.Fixtures.elements, expected: [.element(1), .element(2), .element(3)]),
    FlowFixture(
      name: "nullableElements()", make: Kotlin.Fixtures.nullableElements,
      expected: [.element(1), .null, .element(2), .null, .element(3)]),
    FlowFixture(name: "noElements()", make: Kotlin.Fixtures.noElements, expected: []),
    FlowFixture(
      name: "words()", make: Kotlin.Fixtures.words, expected: [.string("hello"), .string("any"), .string("world")]),
    FlowFixture(
      name: "greetings()", make: Kotlin.Fixtures.greetings,
      expected: [.string("こんにちは"), .string("Grüße"), .string("👋🏽"), .string("")]),
    FlowFixture(
      name: "lists()", make: Kotlin.Fixtures.lists, expected: [.list([.int(1)]), .list([.int(2)]), .list([.int(3)])]),
    FlowFixture(name: "unsigned()", make: Kotlin.Fixtures.unsigned, expected: [.uint(1), .uint(2), .uint(3)]),
    FlowFixture(name: "units()", make: Kotlin.Fixtures.units, expected: [.unit, .null, .unit]),
    FlowFixture(name: "range(5)", make: { Kotlin.Fixtures.range(5) }, expected: (0..<5).map { .int($0) }),
    FlowFixture(name: "range(0)", make: { Kotlin.Fixtures.range(0) }, expected: []),
  ]
}

@Suite("Cold flows")
struct ColdFlowTests {
  @Test("a fixture flow delivers its items in order, one per batch, then completes", arguments: FlowFixture.all)
  func deliversItemsInOrder(fixture: FlowFixture) async throws {
    try await withStubScope { scope in
      let flow = scope.withCurrent { fixture.make() }
      let recorder = Recorder(requestingEachBatch: true)
      let collection = try #require(scope.collect(flow, into: recorder))
      #expect(collection.request() == shared_Status_ok)

      #expect(await recorder.waitForTerminal() == .completed)
      #expect(recorder.items == fixture.expected)
      recorder.expectWellFormed(maxBatch: 1)
      #expect(recorder.reentrantStatuses.allSatisfy { $0 == shared_Status_ok })
      #expect(collection.release() == shared_Status_ok)
      Kotlin.dispose(flow)
    }
  }

  @Test("collecting one flow kref twice, one after the other, runs the producer anew")
  func runsAnewPerCollection() async throws {
    try await withStubScope { scope in
      let flow = scope.withCurrent { Kotlin.Fixtures.words() }
      for round in 1...2 {
        let recorder = Recorder(requestingEachBatch: true)
        let collection = try #require(scope.collect(flow, into: recorder))
        #expect(collection.request() == shared_Status_ok)
        #expect(await recorder.waitForTerminal() == .completed)
        #expect(recorder.items == [.string("hello"), .string("any"), .string("world")], "round \(round)")
        recorder.expectWellFormed()
        #expect(collection.release() == shared_Status_ok)
      }
      let counters = scope.counters()
      #expect(counters.collectionsStarted == 2)
      #expect(counters.producerFinallyRuns == 2)
      Kotlin.dispose(flow)
    }
  }

  @Test("two simultaneous collections of one flow kref each get every item")
  func simultaneousCollectionsAreIndependent() async throws {
    try await withStubScope { scope in
      let flow = scope.withCurrent { Kotlin.Fixtures.range(50) }
      let recorders = [Recorder(requestingEachBatch: true), Recorder(requestingEachBatch: true)]
      let collections = try recorders.map { try #require(scope.collect(flow, into: $0)) }
      Kotlin.dispose(flow)  // The collections retained what they need: the kref was only borrowed.
      for collection in collections {
        #expect(collection.request() == shared_Status_ok)
      }
      for (recorder, collection) in zip(recorders, collections) {
        #expect(await recorder.waitForTerminal() == .completed)
        #expect(recorder.items == (0..<50).map { .int($0) })
        recorder.expectWellFormed(maxBatch: 1)
        #expect(collection.release() == shared_Status_ok)
      }
      #expect(scope.counters().collectionsStarted == 2)
    }
  }
}
