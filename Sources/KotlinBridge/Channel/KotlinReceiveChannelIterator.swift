import CInterop

/// A Kotlin `ChannelIterator<Element>` as an `AsyncIteratorProtocol`: `next()` awaits the Kotlin
/// `hasNext()` (a suspend call: cancelling the task cancels the receive, which then throws
/// `CancellationError`), then takes the element with `next()`.
///
/// - Returns `nil` once the channel was closed without a cause and everything was received.
/// - Throws the close cause (an instance of its Kotlin exception class) when the channel was closed with one.
/// - Throws `CancellationError` when the channel was cancelled, or the task was.
///
/// ```swift
/// var iterator = ExportedKotlinPackages.channels.testFailing().makeAsyncIterator()
/// let first = try await iterator.next()  // Element1
/// ```
public final class KotlinReceiveChannelIterator<Element>: AsyncIteratorProtocol, Sendable {
  public typealias Failure = any Error

  private let iterator: KotlinRef
  private let codec: KotlinValueCodec<Element>

  init(channel: KotlinRef, codec: KotlinValueCodec<Element>) {
    var status = shared_Status_ok
    let pointer = KotlinABI.inCurrentScope {
      shared_ReceiveChannel_iterator(
        shared_kref_kotlinx_coroutines_channels_ReceiveChannel(pinned: channel.pointer), &status
      ).pinned
    }
    guard let pointer else {
      preconditionFailure("ReceiveChannel.iterator() was refused (status \(status.rawValue)); the channel is not one")
    }
    self.iterator = KotlinRef(adopting: pointer)
    self.codec = codec
  }

  private var cIterator: shared_kref_kotlinx_coroutines_channels_ChannelIterator {
    shared_kref_kotlinx_coroutines_channels_ChannelIterator(pinned: iterator.pointer)
  }

  /// The next element, or `nil` at the end of a channel closed without a cause.
  public func next() async throws -> Element? {
    let iterator = cIterator
    let hasNext = try await kotlinSuspend("ChannelIterator.hasNext()", codec: .boolean) {
      shared_ChannelIterator_hasNext(iterator, $0, $1)
    }
    guard hasNext else { return nil }
    var value = shared_Value()
    try KotlinABI.check(shared_ChannelIterator_next(iterator, &value), "ChannelIterator.next()")
    return try codec.takeOwned(&value)
  }
}
