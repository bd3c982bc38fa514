import KotlinFixtures
import Testing

/// Swift export's execution tests for channels (JetBrains/kotlin,
/// native/swift/swift-export-standalone-integration-tests/coroutines/testData/execution/channels), one
/// test here per upstream test, named after it, over package `channels` of the fixture module. As in
/// the sequences tests, a plain `Task` (not `Task.detached`) receives, so that it runs in the test's
/// Kotlin runtime scope and its leak check: the launched producer must have ended, and every channel,
/// iterator and element must be gone.
@Suite("Swift export execution tests: channels", .timeLimit(.minutes(1)))
struct ChannelsExecutionTests {
  private typealias Fixtures = ExportedKotlinPackages.channels

  @Test("testRegular: a rendezvous channel yields Element1, Element2, Element3, then ends")
  func testRegular() async throws {
    try await withLeakCheckedScope { _ in
      let (result, cancelled) = await collectInTask(Fixtures.testRegular())
      #expect(!cancelled)
      let values = try result.get()
      #expect(values == [Element1.shared, Element2.shared, Element3.shared])
    }
  }

  @Test("testNullable: null elements arrive as nil")
  func testNullable() async throws {
    try await withLeakCheckedScope { _ in
      let (result, cancelled) = await collectInTask(Fixtures.testNullable())
      #expect(!cancelled)
      let values = try result.get()
      #expect(values == [Element1.shared, nil, Element2.shared, nil, Element3.shared])
    }
  }

  @Test("testString: String elements arrive as Swift Strings")
  func testString() async throws {
    try await withLeakCheckedScope { _ in
      let (result, cancelled) = await collectInTask(Fixtures.testString())
      #expect(!cancelled)
      let values = try result.get()
      #expect(values == ["hello", "any", "world"])
    }
  }

  @Test("testPrimitive: UInt elements arrive as UInt32")
  func testPrimitive() async throws {
    try await withLeakCheckedScope { _ in
      let (result, cancelled) = await collectInTask(Fixtures.testPrimitive())
      #expect(!cancelled)
      let values = try result.get()
      #expect(values == [1, 2, 3] as [UInt32])
    }
  }

  @Test("testEmpty: a channel closed at once ends the loop without an element")
  func testEmpty() async throws {
    try await withLeakCheckedScope { _ in
      let task = Task<Void, any Error> {
        for try await _ in Fixtures.testEmpty() { throw CancellationError() }
      }
      let result = await task.result
      #expect(!task.isCancelled)
      try result.get()
    }
  }

  @Test("testFailing: the close cause is thrown after the elements sent before it")
  func testFailing() async throws {
    try await withLeakCheckedScope { _ in
      let task = Task<Void, any Error> {
        let iterator = Fixtures.testFailing().makeAsyncIterator()
        let first = try await iterator.next()
        #expect(first == Element1.shared)
        let second = try await iterator.next()
        #expect(second == Element2.shared)
        _ = try await iterator.next()
      }
      let result = await task.result
      #expect(!task.isCancelled)
      let error = try #require(throws: ExportedKotlinPackages.kotlin.IllegalStateException.self) { try result.get() }
      #expect(String(describing: error).contains("Channel has Failed"))
    }
  }
}
