import KotlinFixtures
import Testing

/// A Kotlin exception ends the iteration after every element emitted before it, arrives as a
/// instance of its exported class carrying the Kotlin class name and message, and is reported exactly once.
@Suite("Kotlin exceptions in flows", .timeLimit(.minutes(1)))
struct ErrorTests {
  private typealias IllegalStateException = ExportedKotlinPackages.kotlin.IllegalStateException
  // The exceptions' Kotlin toString(): class name and message (exceptions compare by identity).
  private static let flowHasFailed = "kotlin.IllegalStateException: Flow has failed"
  private static let flowMustBeDiscarded = "kotlin.IllegalStateException: Flow must be discarded"

  @Test("failing() yields Element1, Element2, then throws IllegalStateException", arguments: Policies.lossless)
  func failingFixture(policy: KotlinBufferingPolicy) async throws {
    try await withLeakCheckedScope { _ in
      let run = await drain(failing(), policy)
      #expect(run.elements == [Element1.shared, Element2.shared] as [Elem])
      let error = try #require(run.error as? IllegalStateException)
      #expect(error.toString() == Self.flowHasFailed)
      #expect(error.className == "kotlin.IllegalStateException")
      #expect(error.message == "Flow has failed")
      #expect(error.simpleClassName == "IllegalStateException")
      #expect(error.description == "kotlin.IllegalStateException: Flow has failed")
      #expect(String(describing: error) == "kotlin.IllegalStateException: Flow has failed")
    }
  }

  @Test("discarding() yields three elements, then throws", arguments: Policies.lossless)
  func discardingFixture(policy: KotlinBufferingPolicy) async throws {
    try await withLeakCheckedScope { _ in
      let run = await drain(discarding(), policy)
      #expect(run.elements == [Element1.shared, Element2.shared, Element3.shared] as [Elem])
      #expect((run.error as? IllegalStateException)?.toString() == Self.flowMustBeDiscarded)
    }
  }

  @Test("conflation may drop elements before the exception, never the last one")
  func conflatedFailure() async throws {
    try await withLeakCheckedScope { _ in
      let failed = await drain(failing(), .conflated)
      #expect(isSubsequence(failed.elements, of: [Element1.shared, Element2.shared] as [Elem]))
      #expect(failed.elements.last === Element2.shared)
      #expect((failed.error as? IllegalStateException)?.toString() == Self.flowHasFailed)

      let discarded = await drain(discarding(), .conflated)
      #expect(discarded.elements.last === Element3.shared)
      #expect((discarded.error as? IllegalStateException)?.toString() == Self.flowMustBeDiscarded)
    }
  }

  @Test("the exception is thrown once; every later next() returns nil", arguments: Policies.all)
  func nilAfterFailure(policy: KotlinBufferingPolicy) async throws {
    try await withLeakCheckedScope { scope in
      let iterator = failing().asAsyncSequence(bufferingPolicy: policy).makeAsyncIterator()
      var elements: [Elem] = []
      var errors: [any Error] = []
      var nils = 0
      for _ in 0..<8 {
        do {
          if let element = try await iterator.next() { elements.append(element) } else { nils += 1 }
        } catch {
          errors.append(error)
        }
      }
      #expect(errors.count == 1)
      #expect((errors.first as? IllegalStateException)?.toString() == Self.flowHasFailed)
      #expect(elements.last === Element2.shared)
      #expect(nils == 8 - elements.count - 1)
      #expect(scope.snapshot().collectionsStarted == 1)
    }
  }

  @Test("a loop that stops before the failure sees no error", arguments: Policies.lossless)
  func stopBeforeFailure(policy: KotlinBufferingPolicy) async throws {
    try await withLeakCheckedScope { _ in
      var seen: [Elem] = []
      for try await element in discarding().asAsyncSequence(bufferingPolicy: policy) {
        seen.append(element)
        if element === Element2.shared { break }
      }
      #expect(seen == [Element1.shared, Element2.shared] as [Elem])
    }
  }

  @Test("a Kotlin exception is neither a CancellationError nor a KotlinInteropError")
  func exceptionKind() async throws {
    try await withLeakCheckedScope { _ in
      let run = await drain(failing())
      #expect(!(run.error is CancellationError))
      #expect(!(run.error is KotlinInteropError))
      #expect(run.error is ExportedKotlinPackages.kotlin.Throwable)
    }
  }
}
