import KotlinFixtures
import Testing

/// `ReceiveChannel.cancel()` and `isClosedForReceive` over the fixture channels: beyond the upstream
/// tests, what a receiver that stops early relies on.
@Suite("Channels: cancel and isClosedForReceive", .timeLimit(.minutes(1)))
struct ChannelCancelTests {
  @Test("cancel() after the first element: the suspended sender gets the cancellation, next() throws it")
  func cancelAfterFirstElement() async throws {
    try await withLeakCheckedScope { _ in
      let channel = ExportedKotlinPackages.channels.testRegular()
      let iterator = channel.makeAsyncIterator()
      let first = try await iterator.next()
      #expect(first == Element1.shared)
      #expect(!channel.isClosedForReceive)
      channel.cancel()
      #expect(channel.isClosedForReceive)
      await #expect(throws: CancellationError.self) { _ = try await iterator.next() }
      // The leak check: the producer, suspended in send(Element2), ended with the cancellation.
    }
  }

  @Test("isClosedForReceive turns true only once everything sent before close() was received")
  func closedForReceiveAfterLastElement() async throws {
    try await withLeakCheckedScope { _ in
      let channel = ExportedKotlinPackages.channels.testPrimitive()
      var received: [UInt32] = []
      for try await element in channel { received.append(element) }
      #expect(received == [1, 2, 3])
      #expect(channel.isClosedForReceive)
      let again = try await channel.makeAsyncIterator().next()
      #expect(again == nil)  // a second loop over a closed channel ends at once
    }
  }
}
