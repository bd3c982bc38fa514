import CInterop

/// A Kotlin `ReceiveChannel<Element>` as Swift export presents it: a typed view of an untyped Kotlin
/// channel object (``KotlinReceiveChannel``), which it carries as `_channel` and shows as `wrapped`.
/// It is an `AsyncSequence`: each `next()` is the Kotlin iterator's `hasNext()` (suspending until an
/// element arrives or the channel is closed) followed by `next()`.
///
/// Unlike a flow, a channel is hot: each element goes to one receiver, and a second loop over the
/// same channel continues where the first stopped. A channel closed with a cause throws the cause
/// (as its Kotlin exception class) after the last element; a cancelled one throws `CancellationError`.
/// Leaving a loop early does not cancel the channel (as in Kotlin): call `cancel()` so that its
/// producer stops.
///
/// ```swift
/// for try await element in ExportedKotlinPackages.channels.testRegular() { print(element) }
/// ```
public protocol KotlinTypedReceiveChannel<Element>: AsyncSequence, Sendable
where AsyncIterator == KotlinReceiveChannelIterator<Element> {
  /// The Kotlin channel object.
  var _channel: any KotlinReceiveChannel { get }
}

extension KotlinTypedReceiveChannel {
  /// The Kotlin channel object.
  public var wrapped: any KotlinReceiveChannel { _channel }

  /// A new Kotlin `ChannelIterator` over the channel.
  public func makeAsyncIterator() -> KotlinReceiveChannelIterator<Element> {
    let codec = (_channel as? KotlinReceiveChannelObject)?.codec(for: Element.self) ?? .bridged
    return KotlinReceiveChannelIterator(channel: _channel.ref, codec: codec)
  }

  /// `ReceiveChannel.cancel()`; see ``KotlinReceiveChannel/cancel()``.
  public func cancel() { _channel.cancel() }

  /// `ReceiveChannel.isClosedForReceive`.
  public var isClosedForReceive: Bool { _channel.isClosedForReceive }
}

/// A typed `ReceiveChannel<Element>` over a Kotlin channel object, as Swift export's generated code
/// builds it.
///
/// ```swift
/// let typed = _KotlinTypedReceiveChannelImpl<Elem>(ExportedKotlinPackages.channels.testRegular().wrapped)
/// ```
public struct _KotlinTypedReceiveChannelImpl<Element>: KotlinTypedReceiveChannel {
  public let _channel: any KotlinReceiveChannel

  public init(_ channel: any KotlinReceiveChannel) {
    self._channel = channel
  }

  /// A channel object of the runtime whose binding declared `Element` (decoded with `codec`).
  package init(ref: KotlinRef, codec: KotlinValueCodec<Element>) {
    self.init(KotlinReceiveChannelObject(ref: ref, codec: codec))
  }
}
