import KotlinBridge

/// A Kotlin `MutableStateFlow<T>` as SKIE bridges it: a settable `value`, `compareAndSet`, `emit`
/// and `tryEmit`, and iteration with `for await`.
///
/// ```swift
/// viewModel.query.value = "kotlin"
/// ```
public final class SkieSwiftMutableStateFlow<T>: SkieSwiftFlowProtocol {
  public typealias Element = T

  private let kotlinFlow: any KotlinTypedMutableStateFlow<T>

  /// Bridges `flow`.
  public init(_ flow: any KotlinTypedMutableStateFlow<T>) {
    kotlinFlow = flow
  }

  public var delegate: any KotlinTypedFlow<T> { kotlinFlow }

  /// The current value; setting an equal value (Kotlin's equality) emits nothing.
  public var value: T {
    get { kotlinFlow.value }
    set { kotlinFlow.value = newValue }
  }

  /// `[value]`.
  public var replayCache: [T] { kotlinFlow.replayCache }

  /// Sets `update` if the current value equals `expect`; returns whether it did.
  public func compareAndSet(expect: T, update: T) -> Bool { kotlinFlow.compareAndSet(expect: expect, update: update) }

  /// The number of collectors, as a state flow (SKIE's is of `KotlinInt`).
  public var subscriptionCount: SkieSwiftStateFlow<Int32> { SkieSwiftStateFlow(kotlinFlow.subscriptionCount) }

  /// Sets the value (a state flow's `emit` never suspends).
  public func emit(value: T) async throws { kotlinFlow.value = value }

  /// Sets the value and returns `true`.
  public func tryEmit(value: T) -> Bool {
    kotlinFlow.value = value
    return true
  }

  public func makeAsyncIterator() -> SkieSwiftFlowIterator<T> {
    SkieSwiftFlowIterator(kotlinFlow, description: "SkieSwiftMutableStateFlow<\(T.self)>")
  }
}

/// A Kotlin `MutableStateFlow<T?>` (SKIE's `SkieSwiftOptionalMutableStateFlow<T>`).
///
/// ```swift
/// let selection: SkieSwiftOptionalMutableStateFlow<String> = SkieSwiftMutableStateFlow(MutableStateFlow(nil))
/// ```
public typealias SkieSwiftOptionalMutableStateFlow<T> = SkieSwiftMutableStateFlow<T?>
