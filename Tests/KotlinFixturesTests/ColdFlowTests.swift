import KotlinFixtures
import Testing

/// Every cold-flow fixture yields exactly its Kotlin values, with every buffering policy.
@Suite("Cold flow fixtures", .timeLimit(.minutes(1)))
struct ColdFlowTests {
  private static let elementObjects: [Elem] = [Element1.shared, Element2.shared, Element3.shared]

  @Test("elements() yields Element1, Element2, Element3 as their Swift singletons", arguments: Policies.lossless)
  func elementsFixture(policy: KotlinBufferingPolicy) async throws {
    try await withLeakCheckedScope { _ in
      let values = try await collect(elements(), policy)
      #expect(values == Self.elementObjects)
      #expect(values.map { "\($0)" } == ["Element1", "Element2", "Element3"])
      #expect(values.first is Element1)
      #expect(values.first === Element1.shared)
      #expect(Set(values).count == 3)
    }
  }

  @Test("nullableElements() yields Element1, nil, Element2, nil, Element3", arguments: Policies.lossless)
  func nullableElementsFixture(policy: KotlinBufferingPolicy) async throws {
    try await withLeakCheckedScope { _ in
      let values = try await collect(nullableElements(), policy)
      #expect(values == [Element1.shared, nil, Element2.shared, nil, Element3.shared] as [Elem?])
    }
  }

  @Test("noElements() completes without elements", arguments: Policies.all)
  func noElementsFixture(policy: KotlinBufferingPolicy) async throws {
    try await withLeakCheckedScope { scope in
      let values = try await collect(noElements(), policy)
      #expect(values.isEmpty)
      #expect(scope.snapshot().collectionsStarted == 1)
    }
  }

  @Test("words() yields hello, any, world", arguments: Policies.lossless)
  func wordsFixture(policy: KotlinBufferingPolicy) async throws {
    try await withLeakCheckedScope { _ in
      let values = try await collect(words(), policy)
      #expect(values == ["hello", "any", "world"])
    }
  }

  @Test("greetings() keeps non-ASCII, emoji modifiers and the empty string intact", arguments: Policies.lossless)
  func greetingsFixture(policy: KotlinBufferingPolicy) async throws {
    try await withLeakCheckedScope { _ in
      let values = try await collect(greetings(), policy)
      #expect(values == ["こんにちは", "Grüße", "👋🏽", ""])
      #expect(values.map(\.utf8.count) == [15, 7, 8, 0])
      #expect(values.map(\.unicodeScalars.count) == [5, 5, 2, 0])
    }
  }

  @Test("lists() yields [1], [2], [3]", arguments: Policies.lossless)
  func listsFixture(policy: KotlinBufferingPolicy) async throws {
    try await withLeakCheckedScope { _ in
      let values = try await collect(lists(), policy)
      #expect(values == [[1], [2], [3]])
    }
  }

  @Test("unsigned() yields 1u, 2u, 3u", arguments: Policies.lossless)
  func unsignedFixture(policy: KotlinBufferingPolicy) async throws {
    try await withLeakCheckedScope { _ in
      let values = try await collect(unsigned(), policy)
      #expect(values == [1, 2, 3] as [UInt32])
    }
  }

  @Test("units() yields Unit, null, Unit", arguments: Policies.lossless)
  func unitsFixture(policy: KotlinBufferingPolicy) async throws {
    try await withLeakCheckedScope { _ in
      let values = try await collect(units(), policy)
      // Swift export's element type for `Unit?` is `(any _KotlinBridgeable)?`.
      #expect(values.map { $0 as? KotlinUnit } == [KotlinUnit.shared, nil, KotlinUnit.shared])
      #expect(values.map { $0.map { String(describing: $0) } } == ["kotlin.Unit", nil, "kotlin.Unit"])
    }
  }

  @Test("range(count:) yields exactly 0 until count, in order", arguments: Policies.lossless)
  func rangeFixture(policy: KotlinBufferingPolicy) async throws {
    try await withLeakCheckedScope { _ in
      let empty = try await collect(range(count: 0), policy)
      let one = try await collect(range(count: 1), policy)
      let many = try await collect(range(count: 10_000), policy)
      #expect(empty.isEmpty)
      #expect(one == [0])
      #expect(many == Array(0..<10_000))
    }
  }

  @Test("a million Ints cross intact in batches", arguments: [KotlinBufferingPolicy.batched, .unbounded])
  func bulkRange(policy: KotlinBufferingPolicy) async throws {
    try await withLeakCheckedScope { _ in
      var count = 0
      var sum: Int64 = 0
      var inOrder = true
      for try await n in range(count: 1_000_000).asAsyncSequence(bufferingPolicy: policy) {
        inOrder = inOrder && n == count
        count += 1
        sum += Int64(n)
      }
      #expect(count == 1_000_000)
      #expect(sum == 499_999_500_000)
      #expect(inOrder)
    }
  }

  @Test("conflated delivery is an in-order subsequence that always ends with the last element")
  func conflatedFixtures() async throws {
    try await withLeakCheckedScope { _ in
      let objects = try await collect(elements(), .conflated)
      #expect(isSubsequence(objects, of: Self.elementObjects))
      #expect(objects.last === Element3.shared)

      let texts = try await collect(greetings(), .conflated)
      #expect(isSubsequence(texts, of: ["こんにちは", "Grüße", "👋🏽", ""]))
      #expect(texts.last == "")

      let numbers = try await collect(range(count: 10_000), .conflated)
      #expect(isStrictlyIncreasing(numbers))
      #expect(numbers.first.map { $0 >= 0 } == true)
      #expect(numbers.last == 9_999)
    }
  }
}
