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

/// Waits, cancels its own job, then returns `block()` without suspending again: the call returns
/// that value and the calling task is cancelled, as with Swift export.
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
  let ref = flow._flow.kotlinRef
  return try await kotlinSuspend("collectInKotlin(flow:count:)", codec: .list(.elem)) { continuation, status in
    withExtendedLifetime(ref) {
      let flow = shared_kref_kotlinx_coroutines_flow_Flow(pinned: ref.pointer)
      return shared_fixtures_collectInKotlin(flow, count, continuation, status)
    }
  }
}

// The coroutines fixtures under the names of Swift export's execution tests (coroutines.kt).

/// `delay(33); return 42`.
nonisolated(nonsending) public func testPrimitive() async throws -> Int32 {
  try await kotlinSuspend("testPrimitive()", codec: .int) { shared_fixtures_testPrimitive($0, $1) }
}

/// `delay(33); return Foo` with the result declared as `Any` (`any _KotlinBridgeable`).
nonisolated(nonsending) public func testAny() async throws -> any _KotlinBridgeable {
  _ = symbols  // registers the module's classes, so that Foo comes back as Foo
  return try await kotlinSuspend("testAny()", codec: .bridged) { shared_fixtures_testAny($0, $1) }
}

/// `delay(33); return Foo`.
nonisolated(nonsending) public func testObject() async throws -> Foo {
  _ = symbols  // registers the module's classes, so that Foo comes back as Foo
  return try await kotlinSuspend("testObject()", codec: .bridged) { shared_fixtures_testObject($0, $1) }
}

/// `delay(33); return "Hello, World!"`.
nonisolated(nonsending) public func testCustom() async throws -> String {
  try await kotlinSuspend("testCustom()", codec: .string) { shared_fixtures_testCustom($0, $1) }
}

/// `withContext(<another thread>) { 42 }`.
nonisolated(nonsending) public func testOnAnotherThread() async throws -> Int32 {
  try await kotlinSuspend("testOnAnotherThread()", codec: .int) { shared_fixtures_testOnAnotherThread($0, $1) }
}

/// `withTimeout(timeMillis) { awaitCancellation() }`: throws `CancellationError` after `timeMillis`
/// and, unlike a cancelled job, leaves the calling task running.
nonisolated(nonsending) public func timeout(timeMillis: Int64) async throws -> Int32 {
  try await kotlinSuspend("timeout(timeMillis:)", codec: .int) { shared_fixtures_timeout(timeMillis, $0, $1) }
}

/// `currentCoroutineContext().cancel(); awaitCancellation()`: throws `CancellationError` and
/// cancels the calling task.
nonisolated(nonsending) public func cancelImmediately() async throws -> Int32 {
  try await kotlinSuspend("cancelImmediately()", codec: .int) { shared_fixtures_cancelImmediately($0, $1) }
}

/// `delay(delay); currentCoroutineContext().cancel(); awaitCancellation()`, declared `Long`.
nonisolated(nonsending) public func cancelAfterAndSuspend(delay: Int64) async throws -> Int64 {
  try await kotlinSuspend("cancelAfterAndSuspend(delay:)", codec: .long) {
    shared_fixtures_cancelAfterAndSuspend(delay, $0, $1)
  }
}

/// `throw Error(message)`: a Throwable that is not an Exception (`kotlin.Error`).
nonisolated(nonsending) public func throwNonException(message: String) async throws -> Int32 {
  try await kotlinSuspend("throwNonException(message:)", codec: .int) { continuation, status in
    message.withCString { shared_fixtures_throwNonException($0, continuation, status) }
  }
}

/// `try { return 1 } finally { throw IllegalStateException(message) }`.
nonisolated(nonsending) public func throwInFinally(message: String) async throws -> Int32 {
  try await kotlinSuspend("throwInFinally(message:)", codec: .int) { continuation, status in
    message.withCString { shared_fixtures_throwInFinally($0, continuation, status) }
  }
}

/// ``withFinally(delayMillis:onFinally:)`` under its upstream name: 67 after `delay`; `onFinally`
/// runs in Kotlin's `finally`, also on cancellation.
nonisolated(nonsending) public func finallyDelayInt(delay: Int64, onFinally: @escaping @Sendable () -> Void)
  async throws -> Int32
{
  try await kotlinSuspend("finallyDelayInt(delay:onFinally:)", codec: .int) {
    shared_fixtures_finallyDelayInt(delay, unitBlock(onFinally), $0, $1)
  }
}

/// ``throwInFinallyOnCancel(delayMillis:message:)`` under its upstream name.
nonisolated(nonsending) public func cancelledWithThrowInFinally(delay: Int64, message: String) async throws -> Int32 {
  try await kotlinSuspend("cancelledWithThrowInFinally(delay:message:)", codec: .int) { continuation, status in
    message.withCString { shared_fixtures_cancelledWithThrowInFinally(delay, $0, continuation, status) }
  }
}
