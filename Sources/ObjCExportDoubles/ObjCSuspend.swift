import KotlinBridge
import KotlinTestDoubles

/// Objective-C export's completion-handler form of a suspend function, for a fake that offers both
/// forms as the real header does (`login(user:completionHandler:)` beside `login(user:) async throws`).
///
/// `body` runs as a Kotlin coroutine of the runtime (counted, on the test's clock); the handler is
/// called once, on the main actor as Kotlin/Native calls it on the main thread, with the result or
/// the error (`CancellationError` if the coroutine was cancelled).
///
/// ```swift
/// public func login(user: String, completionHandler: @escaping (KotlinBoolean?, (any Error)?) -> Void) {
///   withCompletionHandler(completionHandler) { KotlinBoolean(bool: try await self.login(user: user)) }
/// }
/// ```
public func withCompletionHandler<Value: Sendable>(
  _ completionHandler: @escaping (Value?, (any Error)?) -> Void, _ body: @escaping @Sendable () async throws -> Value
) {
  let handler = UncheckedHandler(completionHandler)
  ObjCSuspend.start(body) { value, error in
    Task { @MainActor in handler.call(value, error) }
  }
}

/// The completion-handler form of a suspend function returning `Unit` (`(Error?) -> Void`).
public func withCompletionHandler(
  _ completionHandler: @escaping ((any Error)?) -> Void, _ body: @escaping @Sendable () async throws -> Void
) {
  withCompletionHandler({ (_: Int32?, error) in completionHandler(error) }) {
    try await body()
    return 0
  }
}

/// A completion handler moved to the main actor that calls it once (Objective-C blocks are not
/// `Sendable`; the one call happens after the body has ended).
struct UncheckedHandler<Value>: @unchecked Sendable {
  let call: (Value?, (any Error)?) -> Void
  init(_ call: @escaping (Value?, (any Error)?) -> Void) { self.call = call }
}

enum ObjCSuspend {
  /// Runs `body` as a Kotlin coroutine; `completion` gets its value or error, on a Kotlin thread.
  static func start<Value: Sendable>(
    _ body: @escaping @Sendable () async throws -> Value,
    completion: @escaping @Sendable (Value?, (any Error)?) -> Void
  ) {
    let scope = CoroutineScope(job: Job(), exceptionHandler: { _ in })
    let deferred = scope.async(body)
    deferred.invokeOnCompletion { cause in
      if let cause { completion(nil, cause) } else { completion(deferred.completedValue, nil) }
    }
  }
}
