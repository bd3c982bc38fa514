import CInterop
import KotlinBridge

/// Kotlin's `Channel<E>(capacity)` for any `Sendable` element, run by the Kotlin runtime: fake an API
/// that returns a `ReceiveChannel<E>` and send into it from the fake's code or the test.
///
/// It is a ``KotlinTypedReceiveChannel``, so the code under test iterates it as it iterates the real
/// module's channel: each element goes to one receiver, a loop that stops early leaves the rest for
/// the next one, a close with a cause is thrown after the last element, and `cancel()` drops what the
/// channel holds. Sending has Kotlin's semantics: `send(element:)` suspends while there is no room (a
/// rendezvous channel waits for a receiver), `trySend(element:)` never does.
///
/// ```swift
/// let events = Channel<String>(capacity: .buffered)
/// #expect(events.trySend(element: "connected"))
/// events.close()
/// for try await event in events { print(event) }  // connected
/// ```
public struct Channel<Element: Sendable>: KotlinTypedReceiveChannel {
  /// A channel's capacity, as Kotlin's `Channel(capacity)` takes it.
  public struct Capacity: Sendable, Equatable {
    let value: Int32

    /// `Channel.RENDEZVOUS` (Kotlin's default): no buffer; `send` waits for a receiver.
    public static var rendezvous: Capacity { Capacity(value: Int32(shared_Channel_RENDEZVOUS)) }
    /// `Channel.CONFLATED`: keeps only the latest element; `send` never waits.
    public static var conflated: Capacity { Capacity(value: Int32(shared_Channel_CONFLATED)) }
    /// `Channel.BUFFERED`: kotlinx's default buffer of 64 elements.
    public static var buffered: Capacity { Capacity(value: Int32(shared_Channel_BUFFERED)) }
    /// `Channel.UNLIMITED`: `send` never waits.
    public static var unlimited: Capacity { Capacity(value: Int32(shared_Channel_UNLIMITED)) }

    /// A buffer of `count` elements (at least 1; 0 is ``rendezvous``).
    public static func buffer(_ count: Int32) -> Capacity {
      precondition(count >= 0, "Channel.Capacity.buffer(\(count)): give 0 or more elements")
      return Capacity(value: count)
    }
  }

  private let impl: _KotlinTypedReceiveChannelImpl<Element>
  private let codec: KotlinValueCodec<Element>

  /// A new open channel in the current Kotlin runtime scope.
  public init(capacity: Capacity = .rendezvous) {
    let codec = DoubleCodec.codec(for: Element.self)
    var status = shared_Status_ok
    let made = KotlinABI.inCurrentScope { shared_Channel_new(capacity.value, &status) }
    guard let pointer = made.pinned else {
      preconditionFailure(
        "Channel(capacity: \(capacity.value)): refused by the Kotlin runtime (status \(status.rawValue))")
    }
    self.codec = codec
    self.impl = _KotlinTypedReceiveChannelImpl(ref: KotlinRef(adopting: pointer), codec: codec)
  }

  /// The Kotlin channel object.
  public var _channel: any KotlinReceiveChannel { impl._channel }

  private var cChannel: shared_kref_kotlinx_coroutines_channels_ReceiveChannel {
    shared_kref_kotlinx_coroutines_channels_ReceiveChannel(pinned: impl._channel.ref.pointer)
  }

  /// `suspend fun send(element)`: returns once the element is in the channel (taken by a receiver or
  /// buffered). Throws Kotlin's `ClosedSendChannelException` (or the close cause) once the channel is
  /// closed, and `CancellationError` when the channel is cancelled while it waits or the calling task
  /// is cancelled (the element is then not sent).
  nonisolated(nonsending) public func send(element: Element) async throws {
    let channel = cChannel
    try await kotlinSuspend("Channel.send", codec: KotlinValueCodec<Void>.void) { continuation, status in
      var call = shared_Call(pinned: nil)
      codec.encode(element) { call = shared_SendChannel_send(channel, $0, continuation, status) }
      return call
    }
    withExtendedLifetime(impl) {}  // the channel object outlives the call that borrowed its kref
  }

  /// `trySend(element).isSuccess`: whether the element went in without waiting; `false` when the
  /// channel is full (a rendezvous channel without a waiting receiver) or closed, or when Kotlin cannot
  /// hold the element (a misuse the test's leak check reports with the reason).
  public func trySend(element: Element) -> Bool {
    var sent = false
    KotlinABI.inCurrentScope {  // a value Kotlin cannot hold is a misuse of the test's scope: false
      withExtendedLifetime(impl) { codec.encode(element) { _ = shared_SendChannel_trySend(cChannel, $0, &sent) } }
    }
    return sent
  }

  /// `close(cause)`: ends sending at once; receivers still get every element sent before, then the
  /// end, or `cause` thrown at them (a Swift error crosses as a Kotlin exception named after its
  /// type, a Kotlin exception as itself). Returns whether this call closed the channel.
  @discardableResult
  public func close(cause: (any Error)? = nil) -> Bool {
    var closed = false
    let throwable = cause.map { ExportedKotlinPackages.kotlin.Throwable.crossing($0).newThrowable() }
    withExtendedLifetime(impl) {
      _ = shared_SendChannel_close(cChannel, throwable ?? shared_kref_kotlin_Throwable(), &closed)
    }
    if let throwable { KotlinABI.disposeStablePointer(throwable.pinned) }  // the channel kept its own
    return closed
  }
}
