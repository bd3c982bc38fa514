import KotlinBridge

/// A Kotlin `Flow<T>` as SKIE bridges it: an `AsyncSequence` iterated with `for await` (no `try`).
///
/// A fake module builds one from a Kotlin flow of the runtime (`flow { }`, a fixture flow); SKIE
/// generates these properties for the real module.
///
/// ```swift
/// // the fake module: `val ticks: Flow<Int>` as SKIE exposes it
/// public var ticks: SkieSwiftFlow<Int32> { SkieSwiftFlow(tickFlow) }
/// // the app:
/// for await tick in viewModel.ticks { print(tick) }
/// ```
public final class SkieSwiftFlow<T>: SkieSwiftFlowProtocol {
  public typealias Element = T

  public let delegate: any KotlinTypedFlow<T>

  /// Bridges `flow`.
  public init(_ flow: any KotlinTypedFlow<T>) {
    delegate = flow
  }

  public func makeAsyncIterator() -> SkieSwiftFlowIterator<T> {
    SkieSwiftFlowIterator(delegate, description: "SkieSwiftFlow<\(T.self)>")
  }
}

/// A Kotlin `Flow<T?>` (SKIE's `SkieSwiftOptionalFlow<T>`, whose elements are `T?`).
///
/// ```swift
/// let selection: SkieSwiftOptionalFlow<String> = SkieSwiftFlow(selectionFlow)
/// ```
public typealias SkieSwiftOptionalFlow<T> = SkieSwiftFlow<T?>
