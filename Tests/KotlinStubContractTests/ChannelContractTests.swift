import CInterop
import Testing

extension shared_kref_kotlinx_coroutines_channels_ReceiveChannel: KotlinRef {}
extension shared_kref_kotlinx_coroutines_channels_ChannelIterator: KotlinRef {}

/// `Channel<E>(capacity)` through the raw C API (shared_channels.h): buffer kinds, send suspending
/// until a receiver takes the element, close with a cause, cancel.
@Suite("Channels (contract)")
struct ChannelContractTests {
  private typealias ChannelRef = shared_kref_kotlinx_coroutines_channels_ReceiveChannel
  private typealias IteratorRef = shared_kref_kotlinx_coroutines_channels_ChannelIterator

  /// hasNext() then, when true, next(): the element, or nil at the end; the outcome when it threw.
  private func receive(_ iterator: IteratorRef, in scope: StubScope) async throws -> (Item?, Outcome?) {
    let recorder = CallRecorder()
    let call = try #require(scope.start(recorder) { shared_ChannelIterator_hasNext(iterator, $0, $1) })
    let outcome = try #require(await recorder.waitForOutcome())
    #expect(call.release() == shared_Status_ok)
    guard outcome == .completed(.bool(true)) else {
      return (nil, outcome == .completed(.bool(false)) ? nil : outcome)
    }
    var value = shared_Value()
    #expect(shared_ChannelIterator_next(iterator, &value) == shared_Status_ok)
    defer { shared_Value_dispose(&value) }
    var kept: [Token] = []
    return (Item(value, objects: .releasedWithValue, kept: &kept), nil)
  }

  private func trySend(_ channel: ChannelRef, _ number: Int32) -> Bool {
    var sent = false
    var value = Value.int(number)
    #expect(shared_SendChannel_trySend(channel, &value, &sent) == shared_Status_ok)
    return sent
  }

  private func make(_ capacity: Int32, in scope: StubScope) throws -> (ChannelRef, IteratorRef) {
    try scope.withCurrent {
      let channel = shared_Channel_new(capacity, nil)
      let iterator = shared_ReceiveChannel_iterator(channel, nil)
      return (
        try #require(channel.pinned == nil ? nil : channel), try #require(iterator.pinned == nil ? nil : iterator)
      )
    }
  }

  @Test("a buffered channel keeps `capacity` elements, then refuses; close() ends it after the last one")
  func buffered() async throws {
    try await withStubScope { scope in
      let (channel, iterator) = try make(2, in: scope)
      #expect(trySend(channel, 1) && trySend(channel, 2))
      #expect(!trySend(channel, 3))  // full: send would suspend
      #expect(try await receive(iterator, in: scope).0 == .int(1))
      #expect(trySend(channel, 3))
      #expect(shared_SendChannel_close(channel, ThrowableRef(pinned: nil), nil) == shared_Status_ok)
      #expect(!trySend(channel, 4))  // closed for send
      #expect(try await receive(iterator, in: scope).0 == .int(2))
      #expect(try await receive(iterator, in: scope).0 == .int(3))
      let end = try await receive(iterator, in: scope)
      #expect(end.0 == nil && end.1 == nil)
      Kotlin.dispose(iterator)
      Kotlin.dispose(channel)
    }
  }

  @Test("a conflated channel keeps only the latest element")
  func conflated() async throws {
    try await withStubScope { scope in
      let (channel, iterator) = try make(Int32(shared_Channel_CONFLATED), in: scope)
      #expect(trySend(channel, 1) && trySend(channel, 2) && trySend(channel, 3))
      #expect(try await receive(iterator, in: scope).0 == .int(3))
      Kotlin.dispose(iterator)
      Kotlin.dispose(channel)
    }
  }

  @Test("rendezvous: send suspends until a receiver takes the element; cancel() ends a waiting send as cancelled")
  func rendezvousAndCancel() async throws {
    try await withStubScope { scope in
      let (channel, iterator) = try make(Int32(shared_Channel_RENDEZVOUS), in: scope)
      #expect(!trySend(channel, 0))  // no receiver waiting
      let sender = CallRecorder()
      var element = Value.int(7)
      let send = try #require(scope.start(sender) { shared_SendChannel_send(channel, &element, $0, $1) })
      #expect(try await receive(iterator, in: scope).0 == .int(7))
      #expect(await sender.waitForOutcome() == .completed(.unit))
      #expect(send.release() == shared_Status_ok)

      let waiting = CallRecorder()
      var next = Value.int(8)
      let pending = try #require(scope.start(waiting) { shared_SendChannel_send(channel, &next, $0, $1) })
      #expect(shared_ReceiveChannel_cancel(channel) == shared_Status_ok)
      #expect(await waiting.waitForOutcome() == .cancelled(byConsumer: false))
      #expect(pending.release() == shared_Status_ok)
      let after = try await receive(iterator, in: scope)
      #expect(after.1 == .cancelled(byConsumer: false))  // a cancelled channel throws CancellationException
      Kotlin.dispose(iterator)
      Kotlin.dispose(channel)
    }
  }

  @Test("close(cause): receivers get the elements sent before, then the cause")
  func closeWithCause() async throws {
    try await withStubScope { scope in
      let (channel, iterator) = try make(Int32(shared_Channel_UNLIMITED), in: scope)
      #expect(trySend(channel, 1))
      let cause = scope.withCurrent { shared_Doubles_throwable("kotlin.IllegalStateException", "closed", nil) }
      var closed = false
      #expect(shared_SendChannel_close(channel, cause, &closed) == shared_Status_ok && closed)
      Kotlin.dispose(cause)
      #expect(try await receive(iterator, in: scope).0 == .int(1))
      #expect(try await receive(iterator, in: scope).1 == .failed(.illegalState("closed")))
      Kotlin.dispose(iterator)
      Kotlin.dispose(channel)
    }
  }
}
