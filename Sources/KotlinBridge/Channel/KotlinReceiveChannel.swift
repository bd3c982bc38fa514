import CInterop

/// A Kotlin `ReceiveChannel` object, untyped, as in Swift export: the Kotlin object itself, whose
/// element type Swift does not know. The typed protocol (``KotlinTypedReceiveChannel``) carries one
/// as `_channel` and shows it as `wrapped`.
///
/// A type outside this package conforms by being a ``KotlinBase`` subclass whose Kotlin object is a
/// channel of the runtime (receiving goes through that object).
///
/// ```swift
/// let channel: any KotlinReceiveChannel = ExportedKotlinPackages.channels.testRegular().wrapped
/// channel.cancel()  // the producer's pending send throws CancellationException
/// ```
public protocol KotlinReceiveChannel: KotlinBase {}

extension KotlinReceiveChannel {
  private var cChannel: shared_kref_kotlinx_coroutines_channels_ReceiveChannel {
    shared_kref_kotlinx_coroutines_channels_ReceiveChannel(pinned: ref.pointer)
  }

  /// `ReceiveChannel.cancel()`: closes the channel with a `CancellationException` and drops what it
  /// holds; a sender suspended in `send` and a receiver suspended in `next()` get the cancellation.
  public func cancel() {
    _ = shared_ReceiveChannel_cancel(cChannel)
  }

  /// `ReceiveChannel.isClosedForReceive`: closed (or cancelled) and nothing left to receive.
  public var isClosedForReceive: Bool {
    var closed = false
    _ = shared_ReceiveChannel_isClosedForReceive(cChannel, &closed)
    return closed
  }
}

/// The Swift wrapper of the runtime's channel objects. Remembers the value codec of the element type
/// its binding declared, so that a typed channel over it receives with that codec; other element types
/// fall back to the bridged codec.
final class KotlinReceiveChannelObject: KotlinBase, KotlinReceiveChannel, @unchecked Sendable {
  // @unchecked Sendable: `codec` is written once, in the initializer, before the object is shared,
  // and holds a Sendable KotlinValueCodec.
  private var codec: (any Sendable)?

  convenience init(ref: KotlinRef, codec: (any Sendable)?) {
    self.init(ref: ref)
    self.codec = codec
  }

  /// The declared element codec, when it is the one for `Element`.
  func codec<Element>(for _: Element.Type) -> KotlinValueCodec<Element>? {
    codec as? KotlinValueCodec<Element>
  }
}
