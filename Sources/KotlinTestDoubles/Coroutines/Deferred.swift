import KotlinBridge
import Locking

/// Kotlin's `Deferred<T>`: the job of ``CoroutineScope/async(_:)``, with its result.
///
/// A failure is kept for ``await()`` instead of being reported as uncaught; it still cancels a parent
/// that is not a supervisor, as in Kotlin.
public final class Deferred<Value: Sendable>: Job, @unchecked Sendable {
  // @unchecked Sendable: the result is in a Locked.
  private let result = Locked<Value?>(nil)

  override var reportsUncaught: Bool { false }

  func setResult(_ value: Value) { result.withLock { $0 = value } }

  /// Kotlin's `await()`: the value once the body has completed.
  ///
  /// - Throws: the body's failure, `CancellationError` when the job was cancelled or the waiting task
  ///   is.
  public func await() async throws -> Value {
    try await join()
    if let cause = completionCause { throw cause }
    guard let value = result.withLock({ $0 }) else { throw CancellationError() }
    return value
  }

  /// Kotlin's `getCompleted()`: the value of a completed job, else `nil`.
  public var completedValue: Value? { isCompleted && completionCause == nil ? result.withLock { $0 } : nil }
}

/// Kotlin's `awaitAll(…)`: the values of every deferred, in order; the first failure is thrown.
public func awaitAll<Value: Sendable>(_ deferreds: [Deferred<Value>]) async throws -> [Value] {
  var values: [Value] = []
  for deferred in deferreds { values.append(try await deferred.await()) }
  return values
}
