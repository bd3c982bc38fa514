import KotlinBridge

/// A Kotlin `MutableSharedFlow<T>` as SKIE bridges it: iterated with `for await`; `emit`,
/// `tryEmit`, the replay cache and the subscription count.
///
/// ```swift
/// try await viewModel.clicks.emit(value: 1)
/// ```
public final class SkieSwiftMutableSharedFlow<T>: SkieSwiftFlowProtocol {
  public typealias Element = T

  private let kotlinFlow: any KotlinTypedMutableSharedFlow<T>

  /// Bridges `flow`.
  public init(_ flow: any KotlinTypedMutableSharedFlow<T>) {
    kotlinFlow = flow
  }

  public var delegate: any KotlinTypedFlow<T> { kotlinFlow }

  /// The values a new collector gets first.
  public var replayCache: [T] { kotlinFlow.replayCache }

  /// Emits, suspending while a collector's buffer is full (Kotlin's `emit`; it can throw
  /// `CancellationError`).
  public func emit(value: T) async throws { try await kotlinFlow.emit(value: value) }

  /// Emits without suspending; `false` when `emit` would have suspended.
  public func tryEmit(value: T) -> Bool { kotlinFlow.tryEmit(value: value) }

  /// The number of collectors, as a state flow (SKIE's is of `KotlinInt`).
  public var subscriptionCount: SkieSwiftStateFlow<Int32> { SkieSwiftStateFlow(kotlinFlow.subscriptionCount) }

  /// Clears the replay cache.
  public func resetReplayCache() { kotlinFlow.resetReplayCache() }

  public func makeAsyncIterator() -> SkieSwiftFlowIterator<T> {
    SkieSwiftFlowIterator(kotlinFlow, description: "SkieSwiftMutableSharedFlow<\(T.self)>")
  }
}

/// A Kotlin `MutableSharedFlow<T?>` (SKIE's `SkieSwiftOptionalMutableSharedFlow<T>`).
///
/// ```swift
/// let events: SkieSwiftOptionalMutableSharedFlow<String> = SkieSwiftMutableSharedFlow(eventFlow)
/// ```
public typealias SkieSwiftOptionalMutableSharedFlow<T> = SkieSwiftMutableSharedFlow<T?>
