import FlowTesting
import Testing

/// `test { }` is not tied to Kotlin: it works on any Sendable AsyncSequence.
@Suite("Turbine over plain Swift sequences", .timeLimit(.minutes(1)))
struct TurbineAsyncStreamTests {
  @Test("an AsyncStream: items, then Complete")
  func asyncStream() async throws {
    let (stream, continuation) = AsyncStream<Int>.makeStream()
    continuation.yield(1)
    continuation.yield(2)
    continuation.finish()
    let probed = stream.probed()
    try await probed.test { turbine in
      await probed.probe.waitUntilFinished()
      let first = try await turbine.awaitItem()
      let second = try await turbine.awaitItem()
      #expect([first, second] == [1, 2])
      try await turbine.awaitComplete()
    }
  }

  @Test("an AsyncThrowingStream: awaitError returns the Swift error")
  func asyncThrowingStream() async throws {
    let (stream, continuation) = AsyncThrowingStream<String, any Error>.makeStream()
    continuation.yield("only")
    continuation.finish(throwing: ScriptedError(reason: "broken"))
    let probed = stream.probed()
    try await probed.test { turbine in
      await probed.probe.waitUntilFinished()
      let item = try await turbine.awaitItem()
      #expect(item == "only")
      let error = try await turbine.awaitError()
      #expect(error as? ScriptedError == ScriptedError(reason: "broken"))
    }
  }

  @Test("a sequence that produces while the test waits")
  func producesWhileWaiting() async throws {
    let (stream, continuation) = AsyncStream<Int>.makeStream()
    try await stream.test { turbine in
      async let item = turbine.awaitItem()
      continuation.yield(42)
      let received = try await item
      #expect(received == 42)
      await turbine.cancelAndIgnoreRemainingEvents()
    }
  }
}
