import CInterop
import KotlinBridge

/// What a ``MutableSharedFlow`` does when a subscriber is behind and the buffer is full
/// (Kotlin's `BufferOverflow`).
public enum BufferOverflow: Sendable, Hashable {
  /// `emit` suspends until every subscriber has room; `tryEmit` returns `false`. The default.
  case suspend
  /// The oldest buffered value is dropped; `emit` never suspends.
  case dropOldest
  /// The value being emitted is dropped; `emit` never suspends.
  case dropLatest
}

/// Kotlin's `MutableSharedFlow(replay, extraBufferCapacity, onBufferOverflow)` for any `Sendable`
/// value, run by the Kotlin runtime.
///
/// With Kotlin's defaults (no buffer) an emission is a rendezvous, as in Kotlin: `emit` returns once
/// every subscriber has taken the value (at once when there is none, the value then being dropped),
/// and `tryEmit` succeeds only when there is no subscriber.
///
/// ```swift
/// let events = MutableSharedFlow<String>(extraBufferCapacity: 8, onBufferOverflow: .dropOldest)
/// _ = events.tryEmit(value: "saved")
/// ```
public struct MutableSharedFlow<Element: Sendable>: KotlinTypedMutableSharedFlow {
  let impl: _KotlinTypedMutableSharedFlowImpl<Element>

  /// Kotlin refuses a negative `replay` or `extraBufferCapacity`, and a drop policy with no buffer
  /// (`replay + extraBufferCapacity == 0`), with IllegalArgumentException. Here the runtime reports
  /// such arguments as a misuse, with Kotlin's message (the leak check then fails the test), and the
  /// flow falls back to a suspending one with the arguments clamped to 0, so the test goes on.
  public init(replay: Int32 = 0, extraBufferCapacity: Int32 = 0, onBufferOverflow: BufferOverflow = .suspend) {
    let overflow: shared_BufferOverflow =
      switch onBufferOverflow {
      case .suspend: shared_BufferOverflow_suspend
      case .dropOldest: shared_BufferOverflow_dropOldest
      case .dropLatest: shared_BufferOverflow_dropLatest
      }
    let ref = KotlinABI.inCurrentScope {
      var status = shared_Status_ok
      let made = shared_Doubles_MutableSharedFlow(replay, extraBufferCapacity, Int32(overflow.rawValue), &status)
      guard made.pinned == nil else { return made }
      return shared_Doubles_MutableSharedFlow(
        max(replay, 0), max(extraBufferCapacity, 0), Int32(shared_BufferOverflow_suspend.rawValue), &status)
    }
    guard let pointer = ref.pinned else {
      preconditionFailure("MutableSharedFlow: the Kotlin runtime is out of handles (a leak in the program)")
    }
    impl = _KotlinTypedMutableSharedFlowImpl(
      ref: KotlinRef(adopting: pointer), codec: DoubleCodec.codec(for: Element.self))
  }

  /// The Kotlin flow object (Swift export's `_flow`).
  public var _flow: any KotlinFlow { impl._flow }

  public func asAsyncSequence(bufferingPolicy: KotlinBufferingPolicy) -> KotlinFlowSequence<Element> {
    impl.asAsyncSequence(bufferingPolicy: bufferingPolicy)
  }

  public var replayCache: [Element] { impl.replayCache }
  public func emit(value: Element) async throws { try await impl.emit(value: value) }
  public func tryEmit(value: Element) -> Bool { impl.tryEmit(value: value) }
  public func resetReplayCache() { impl.resetReplayCache() }
  public var subscriptionCount: any KotlinTypedStateFlow<Int32> { impl.subscriptionCount }
}
