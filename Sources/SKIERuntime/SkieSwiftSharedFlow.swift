import KotlinBridge

/// A Kotlin `SharedFlow<T>` as SKIE bridges it: iterated with `for await`, with its replay cache.
///
/// ```swift
/// for await event in viewModel.events { handle(event) }
/// ```
public final class SkieSwiftSharedFlow<T>: SkieSwiftFlowProtocol {
  public typealias Element = T

  private let kotlinFlow: any KotlinTypedSharedFlow<T>

  /// Bridges `flow`.
  public init(_ flow: any KotlinTypedSharedFlow<T>) {
    kotlinFlow = flow
  }

  public var delegate: any KotlinTypedFlow<T> { kotlinFlow }

  /// The values a new collector gets first.
  public var replayCache: [T] { kotlinFlow.replayCache }

  public func makeAsyncIterator() -> SkieSwiftFlowIterator<T> {
    SkieSwiftFlowIterator(kotlinFlow, description: "SkieSwiftSharedFlow<\(T.self)>")
  }
}

/// A Kotlin `SharedFlow<T?>` (SKIE's `SkieSwiftOptionalSharedFlow<T>`).
///
/// ```swift
/// let events: SkieSwiftOptionalSharedFlow<String> = SkieSwiftSharedFlow(eventFlow)
/// ```
public typealias SkieSwiftOptionalSharedFlow<T> = SkieSwiftSharedFlow<T?>
