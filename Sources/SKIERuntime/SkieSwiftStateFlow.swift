import KotlinBridge

/// A Kotlin `StateFlow<T>` as SKIE bridges it: the current `value`, and iteration with `for await`
/// (the current value first, then each change).
///
/// ```swift
/// Text("\(viewModel.counter.value)")
/// for await count in viewModel.counter { print(count) }
/// ```
public final class SkieSwiftStateFlow<T>: SkieSwiftFlowProtocol {
  public typealias Element = T

  private let kotlinFlow: any KotlinTypedStateFlow<T>

  /// Bridges `flow`.
  public init(_ flow: any KotlinTypedStateFlow<T>) {
    kotlinFlow = flow
  }

  public var delegate: any KotlinTypedFlow<T> { kotlinFlow }

  /// The current value.
  public var value: T { kotlinFlow.value }

  /// `[value]`.
  public var replayCache: [T] { kotlinFlow.replayCache }

  public func makeAsyncIterator() -> SkieSwiftFlowIterator<T> {
    SkieSwiftFlowIterator(kotlinFlow, description: "SkieSwiftStateFlow<\(T.self)>")
  }
}

/// A Kotlin `StateFlow<T?>` (SKIE's `SkieSwiftOptionalStateFlow<T>`).
///
/// ```swift
/// let selection: SkieSwiftOptionalStateFlow<String> = SkieSwiftStateFlow(selectionFlow)
/// ```
public typealias SkieSwiftOptionalStateFlow<T> = SkieSwiftStateFlow<T?>
