import CInterop
import KotlinBridge

// The suspend functions of package `fixtures` as `async throws` functions. They are
// `nonisolated(nonsending)` (the default for nonisolated async functions under Swift 6.2's
// NonisolatedNonsendingByDefault): they run on the caller's actor up to the Kotlin call, so a
// main-actor caller starts the call within its own job, with no hop through the global executor.

/// 42, computed on a Kotlin worker thread.
nonisolated(nonsending) public func answer() async throws -> Int32 {
  try await kotlinSuspend("answer()", codec: .int) { shared_fixtures_answer($0, $1) }
}

/// "Hello, \(name)!".
nonisolated(nonsending) public func greet(name: String) async throws -> String {
  try await kotlinSuspend("greet(name:)", codec: .string) { continuation, status in
    name.withCString { shared_fixtures_greet($0, continuation, status) }
  }
}

/// Waits `delayMillis`, then returns `block()` (called on a Kotlin worker thread).
nonisolated(nonsending) public func callAfter(delayMillis: Int64, block: @escaping @Sendable () -> Int32) async throws
  -> Int32
{
  try await kotlinSuspend("callAfter(delayMillis:block:)", codec: .int) {
    shared_fixtures_callAfter(delayMillis, intBlock(block), $0, $1)
  }
}

/// Waits `delayMillis`, then cancels its own job: throws `CancellationError` and cancels the
/// calling task.
nonisolated(nonsending) public func cancelAfter(delayMillis: Int64) async throws -> Int32 {
  try await kotlinSuspend("cancelAfter(delayMillis:)", codec: .int) { shared_fixtures_cancelAfter(delayMillis, $0, $1) }
}

/// Waits, cancels its own job, then returns `block()` without suspending again: `block` runs, and
/// the call still throws `CancellationError` (a cancelled job's result is discarded).
nonisolated(nonsending) public func cancelSilentlyAfter(delayMillis: Int64, block: @escaping @Sendable () -> Int32)
  async throws -> Int32
{
  try await kotlinSuspend("cancelSilentlyAfter(delayMillis:block:)", codec: .int) {
    shared_fixtures_cancelSilentlyAfter(delayMillis, intBlock(block), $0, $1)
  }
}

/// Waits, then throws `IllegalStateException(message)`.
nonisolated(nonsending) public func throwAfter(delayMillis: Int64, message: String) async throws -> Int32 {
  try await kotlinSuspend("throwAfter(delayMillis:message:)", codec: .int) { continuation, status in
    message.withCString { shared_fixtures_throwAfter(delayMillis, $0, continuation, status) }
  }
}

/// Throws `IllegalStateException(message)` before any suspension.
nonisolated(nonsending) public func throwImmediately(message: String) async throws -> Int32 {
  try await kotlinSuspend("throwImmediately(message:)", codec: .int) { continuation, status in
    message.withCString { shared_fixtures_throwImmediately($0, continuation, status) }
  }
}

/// Suspends until cancelled.
nonisolated(nonsending) public func neverCompletes() async throws -> Int32 {
  try await kotlinSuspend("neverCompletes()", codec: .int) { shared_fixtures_neverCompletes($0, $1) }
}

/// Returns 67 after `delayMillis`; its `finally` calls `onFinally` exactly once (also on cancel).
nonisolated(nonsending) public func withFinally(delayMillis: Int64, onFinally: @escaping @Sendable () -> Void)
  async throws -> Int32
{
  try await kotlinSuspend("withFinally(delayMillis:onFinally:)", codec: .int) {
    shared_fixtures_withFinally(delayMillis, unitBlock(onFinally), $0, $1)
  }
}

/// Returns 1 after `delayMillis`; if cancelled, its `finally` throws `IllegalStateException(message)`,
/// which wins over the cancellation.
nonisolated(nonsending) public func throwInFinallyOnCancel(delayMillis: Int64, message: String) async throws -> Int32 {
  try await kotlinSuspend("throwInFinallyOnCancel(delayMillis:message:)", codec: .int) { continuation, status in
    message.withCString { shared_fixtures_throwInFinallyOnCancel(delayMillis, $0, continuation, status) }
  }
}

/// `flow.take(count).toList()`, collected on the Kotlin side.
nonisolated(nonsending) public func collectInKotlin(flow: any KotlinTypedFlow<Elem>, count: Int32) async throws
  -> [Elem]
{
  guard let backed = flow as? any KotlinRefBacked else {
    throw KotlinInteropError(
      code: .refused, message: "collectInKotlin(flow:count:) needs a flow that came from the Kotlin module")
  }
  let ref = backed.kotlinRef
  return try await kotlinSuspend("collectInKotlin(flow:count:)", codec: .list(.elem)) { continuation, status in
    withExtendedLifetime(ref) {
      let flow = shared_kref_kotlinx_coroutines_flow_Flow(pinned: ref.pointer)
      return shared_fixtures_collectInKotlin(flow, count, continuation, status)
    }
  }
}
