import CInterop
import KotlinBridge

// The functions of Swift export's execution tests for suspend function types (closures.kt), in Swift
// export's shapes: a `suspend (P…) -> R` parameter is `@escaping (P…) async throws -> R`, a Kotlin
// `List<suspend (Int) -> Int>` result is `[(Int32) async throws -> Int32]`. `object Foo` is the
// module's `Foo` (the same declaration as coroutines.kt's).
//
// The functions Kotlin declares without `suspend` run `runBlocking`: they block the calling thread
// until Kotlin is done, and Kotlin awaits the Swift closures in tasks of their own. Call them from a
// thread of your own, not from a task on Swift's cooperative pool: a blocked pool thread is one the
// closures cannot run on (the pool has as many threads as cores).

/// Runs a runBlocking function of closures.kt and decodes its result.
private func runBlocking<R>(_ function: String, _ arguments: [KotlinArgument], result: KotlinValueCodec<R>) -> R {
  _ = symbols  // the module's classes are known before a value of theirs comes back
  var value = shared_Value()
  let status = KotlinABI.inCurrentScope {
    withKotlinArguments(arguments) { encoded in
      shared_closures_runBlocking(function, encoded.baseAddress, Int32(encoded.count), &value)
    }
  }
  do {
    try KotlinABI.check(status, "\(function)(…)")
    return try result.takeOwned(&value)
  } catch {
    preconditionFailure("\(function) ended with an uncaught Kotlin exception or was refused: \(error)")
  }
}

/// Starts a suspend function of closures.kt.
nonisolated(nonsending) private func call<R>(
  _ function: String, _ arguments: [KotlinArgument], result: KotlinValueCodec<R>
) async throws
  -> R
{
  try await kotlinSuspend("\(function)(…)", codec: result) { continuation, status in
    withKotlinArguments(arguments) { encoded in
      shared_closures_call(function, encoded.baseAddress, Int32(encoded.count), continuation, status)
    }
  }
}

private typealias IntToInt = (Int32) async throws -> Int32
private let intToInt = KotlinValueCodec<IntToInt>.suspendFunction(.int, returning: .int)
private let foo = KotlinValueCodec<Foo>.bridged
private let any = KotlinValueCodec<any _KotlinBridgeable>.bridged

// MARK: - Basic types

/// `fun simple(arg: Int, block: suspend (Int) -> Int): Int = runBlocking { block(arg) }`
///
/// ```swift
/// let fifty = simple(arg: 8) { arg in await Task.yield(); return arg + 42 }  // from a thread of your own
/// ```
public func simple(arg: Int32, block: @escaping (Int32) async throws -> Int32) -> Int32 {
  runBlocking("simple", [KotlinArgument(arg, .int), KotlinArgument(block, intToInt)], result: .int)
}

/// `suspend fun simpleSuspend(arg: Int, block: suspend (Int) -> Int): Int = block(arg)`
nonisolated(nonsending) public func simpleSuspend(arg: Int32, block: @escaping (Int32) async throws -> Int32)
  async throws -> Int32
{
  try await call("simpleSuspend", [KotlinArgument(arg, .int), KotlinArgument(block, intToInt)], result: .int)
}

/// `suspend fun simpleSuspendWithDelay(arg: Int, block: suspend (Int) -> Int): Int` — `block(arg)`, then
/// `delay(1)` (a suspension point after the closure), then the closure's result.
nonisolated(nonsending) public func simpleSuspendWithDelay(arg: Int32, block: @escaping (Int32) async throws -> Int32)
  async throws -> Int32
{
  try await call("simpleSuspendWithDelay", [KotlinArgument(arg, .int), KotlinArgument(block, intToInt)], result: .int)
}

/// `fun withLong(arg: Long, block: suspend (Long) -> Long): Long = runBlocking { block(arg) }`
public func withLong(arg: Int64, block: @escaping (Int64) async throws -> Int64) -> Int64 {
  runBlocking(
    "withLong", [KotlinArgument(arg, .long), KotlinArgument(block, .suspendFunction(.long, returning: .long))],
    result: .long)
}

/// `fun withDouble(arg: Double, block: suspend (Double) -> Double): Double = runBlocking { block(arg) }`
public func withDouble(arg: Double, block: @escaping (Double) async throws -> Double) -> Double {
  runBlocking(
    "withDouble", [KotlinArgument(arg, .double), KotlinArgument(block, .suspendFunction(.double, returning: .double))],
    result: .double)
}

/// `fun withBoolean(arg: Boolean, block: suspend (Boolean) -> Boolean): Boolean = runBlocking { block(arg) }`
public func withBoolean(arg: Bool, block: @escaping (Bool) async throws -> Bool) -> Bool {
  runBlocking(
    "withBoolean",
    [KotlinArgument(arg, .boolean), KotlinArgument(block, .suspendFunction(.boolean, returning: .boolean))],
    result: .boolean)
}

/// `fun withString(arg: String, block: suspend (String) -> String): String = runBlocking { block(arg) }`
public func withString(arg: String, block: @escaping (String) async throws -> String) -> String {
  runBlocking(
    "withString", [KotlinArgument(arg, .string), KotlinArgument(block, .suspendFunction(.string, returning: .string))],
    result: .string)
}

/// `fun withAny(arg: Any, block: suspend (Any) -> Any): Any = runBlocking { block(arg) }`
public func withAny(
  arg: any _KotlinBridgeable, block: @escaping (any _KotlinBridgeable) async throws -> any _KotlinBridgeable
) -> any _KotlinBridgeable {
  runBlocking(
    "withAny", [KotlinArgument(arg, any), KotlinArgument(block, .suspendFunction(any, returning: any))], result: any)
}

/// `fun withObject(arg: Foo, block: suspend (Foo) -> Foo): Foo = runBlocking { block(arg) }`
public func withObject(arg: Foo, block: @escaping (Foo) async throws -> Foo) -> Foo {
  runBlocking(
    "withObject", [KotlinArgument(arg, foo), KotlinArgument(block, .suspendFunction(foo, returning: foo))], result: foo)
}

// MARK: - Optional types

/// `fun withOptionalInt(arg: Int?, block: suspend (Int?) -> Int?): Int? = runBlocking { block(arg) }`
public func withOptionalInt(arg: Int32?, block: @escaping (Int32?) async throws -> Int32?) -> Int32? {
  let int = KotlinValueCodec<Int32?>.optional(.int)
  return runBlocking(
    "withOptionalInt", [KotlinArgument(arg, int), KotlinArgument(block, .suspendFunction(int, returning: int))],
    result: int)
}

/// `fun withOptionalString(arg: String?, block: suspend (String?) -> String?): String? = runBlocking { block(arg) }`
public func withOptionalString(arg: String?, block: @escaping (String?) async throws -> String?) -> String? {
  let string = KotlinValueCodec<String?>.optional(.string)
  return runBlocking(
    "withOptionalString",
    [KotlinArgument(arg, string), KotlinArgument(block, .suspendFunction(string, returning: string))], result: string)
}

/// `fun withOptionalObject(arg: Foo?, block: suspend (Foo?) -> Foo?): Foo? = runBlocking { block(arg) }`
public func withOptionalObject(arg: Foo?, block: @escaping (Foo?) async throws -> Foo?) -> Foo? {
  let object = KotlinValueCodec<Foo?>.optional(foo)
  return runBlocking(
    "withOptionalObject",
    [KotlinArgument(arg, object), KotlinArgument(block, .suspendFunction(object, returning: object))], result: object)
}

// MARK: - Unit results, several parameters, no parameters

/// `fun withUnitReturn(arg: Int, block: suspend (Int) -> Unit): String = runBlocking { block(arg); "completed" }`
public func withUnitReturn(arg: Int32, block: @escaping (Int32) async throws -> Void) -> String {
  runBlocking(
    "withUnitReturn", [KotlinArgument(arg, .int), KotlinArgument(block, .suspendFunction(.int, returning: .void))],
    result: .string)
}

/// `fun withTwoParams(a: Int, b: String, block: suspend (Int, String) -> String): String = runBlocking { block(a, b) }`
public func withTwoParams(a: Int32, b: String, block: @escaping (Int32, String) async throws -> String) -> String {
  runBlocking(
    "withTwoParams",
    [
      KotlinArgument(a, .int), KotlinArgument(b, .string),
      KotlinArgument(block, .suspendFunction(.int, .string, returning: .string)),
    ], result: .string)
}

/// `fun withThreeParams(a: Int, b: String, c: Boolean, block: suspend (Int, String, Boolean) -> String): String`
public func withThreeParams(
  a: Int32, b: String, c: Bool, block: @escaping (Int32, String, Bool) async throws -> String
) -> String {
  runBlocking(
    "withThreeParams",
    [
      KotlinArgument(a, .int), KotlinArgument(b, .string), KotlinArgument(c, .boolean),
      KotlinArgument(block, .suspendFunction(.int, .string, .boolean, returning: .string)),
    ], result: .string)
}

/// `fun withMixedParams(a: Int?, b: String, c: Foo?, block: suspend (Int?, String, Foo?) -> String): String`
public func withMixedParams(
  a: Int32?, b: String, c: Foo?, block: @escaping (Int32?, String, Foo?) async throws -> String
) -> String {
  let int = KotlinValueCodec<Int32?>.optional(.int)
  let object = KotlinValueCodec<Foo?>.optional(foo)
  return runBlocking(
    "withMixedParams",
    [
      KotlinArgument(a, int), KotlinArgument(b, .string), KotlinArgument(c, object),
      KotlinArgument(block, .suspendFunction(int, .string, object, returning: .string)),
    ], result: .string)
}

/// `fun withNoParams(block: suspend () -> Int): Int = runBlocking { block() }`
public func withNoParams(block: @escaping () async throws -> Int32) -> Int32 {
  runBlocking("withNoParams", [KotlinArgument(block, .suspendFunction(returning: .int))], result: .int)
}

/// `fun withNoParamsUnit(block: suspend () -> Unit): String = runBlocking { block(); "completed" }`
public func withNoParamsUnit(block: @escaping () async throws -> Void) -> String {
  runBlocking("withNoParamsUnit", [KotlinArgument(block, .suspendFunction(returning: .void))], result: .string)
}

// MARK: - Several closures, lists of closures

/// `fun withTwoClosures(a: Int, first: suspend (Int) -> Int, second: suspend (Int) -> Int): Int`
/// — `runBlocking { second(first(a)) }`
public func withTwoClosures(
  a: Int32, first: @escaping (Int32) async throws -> Int32, second: @escaping (Int32) async throws -> Int32
) -> Int32 {
  runBlocking(
    "withTwoClosures", [KotlinArgument(a, .int), KotlinArgument(first, intToInt), KotlinArgument(second, intToInt)],
    result: .int)
}

/// `fun withClosureChain(initial: Int, closures: List<suspend (Int) -> Int>): Int` — each closure in
/// turn, on the previous one's result.
public func withClosureChain(initial: Int32, closures: [(Int32) async throws -> Int32]) -> Int32 {
  runBlocking(
    "withClosureChain", [KotlinArgument(initial, .int), KotlinArgument(closures, .list(intToInt))], result: .int)
}

/// `fun produceClosureList(): List<suspend (Int) -> Int>` — `{ it + 1 }`, `{ it * 2 }`, `{ it + 10 }`.
public func produceClosureList() -> [(Int32) async throws -> Int32] {
  produce("produceClosureList", .list(intToInt))
}

/// `fun produceNullableClosureList(): List<(suspend (Int) -> Int)?>` — `null`, `{ it }`.
public func produceNullableClosureList() -> [((Int32) async throws -> Int32)?] {
  produce("produceNullableClosureList", .list(.optional(intToInt)))
}

/// `fun testPrimitiveProducedLambda(): suspend () -> Int = ::testPrimitive` (coroutines.kt).
///
/// ```swift
/// let block = testPrimitiveProducedLambda()
/// let answer = try await block()  // 42, after Kotlin's delay(33)
/// ```
public func testPrimitiveProducedLambda() -> () async throws -> Int32 {
  produce("testPrimitiveProducedLambda", .suspendFunction(returning: .int))
}

private func produce<R>(_ function: String, _ codec: KotlinValueCodec<R>) -> R {
  var value = shared_Value()
  let status = KotlinABI.inCurrentScope { shared_closures_produce(function, &value) }
  do {
    try KotlinABI.check(status, "\(function)()")
    return try codec.takeOwned(&value)
  } catch {
    preconditionFailure("\(function)() failed: \(error)")
  }
}

// MARK: - Nested calls, exceptions

/// `fun nestedCall(depth: Int, block: suspend (Int) -> Int): Int` — `block(depth) + nestedCall(depth - 1)`
/// down to `block(0)`, each level in a runBlocking of its own.
public func nestedCall(depth: Int32, block: @escaping (Int32) async throws -> Int32) -> Int32 {
  runBlocking("nestedCall", [KotlinArgument(depth, .int), KotlinArgument(block, intToInt)], result: .int)
}

/// `fun catchingClosure(block: suspend () -> Int): String` — the result as text, or `"caught: message"`
/// when the closure throws (a Swift error arrives in Kotlin as an exception).
public func catchingClosure(block: @escaping () async throws -> Int32) -> String {
  runBlocking("catchingClosure", [KotlinArgument(block, .suspendFunction(returning: .int))], result: .string)
}

/// `fun catchingClosureWithArg(arg: Int, block: suspend (Int) -> Int): String` — as ``catchingClosure(block:)``.
public func catchingClosureWithArg(arg: Int32, block: @escaping (Int32) async throws -> Int32) -> String {
  runBlocking("catchingClosureWithArg", [KotlinArgument(arg, .int), KotlinArgument(block, intToInt)], result: .string)
}

// MARK: - Cancellation

/// `suspend fun callClosureWithDelay(delayMs: Long, block: suspend () -> Int): Int { delay(delayMs); return block() }`
nonisolated(nonsending) public func callClosureWithDelay(delayMs: Int64, block: @escaping () async throws -> Int32)
  async throws -> Int32
{
  try await call(
    "callClosureWithDelay", [KotlinArgument(delayMs, .long), KotlinArgument(block, .suspendFunction(returning: .int))],
    result: .int)
}

/// `suspend fun callClosureCheckingCancellation(block: suspend () -> Int): Int { yield(); return block() }`
nonisolated(nonsending) public func callClosureCheckingCancellation(block: @escaping () async throws -> Int32)
  async throws -> Int32
{
  try await call(
    "callClosureCheckingCancellation", [KotlinArgument(block, .suspendFunction(returning: .int))], result: .int)
}

/// `fun callClosureInNewScope(block: suspend () -> Int): Int = runBlocking { block() }`
public func callClosureInNewScope(block: @escaping () async throws -> Int32) -> Int32 {
  runBlocking("callClosureInNewScope", [KotlinArgument(block, .suspendFunction(returning: .int))], result: .int)
}

/// `fun cancelClosureFromKotlin(block: suspend () -> Int): String` — `withTimeoutOrNull(3.seconds) { block() }`:
/// `"timed_out"` (the closure's task is cancelled, and awaited) or `"completed: <result>"`.
public func cancelClosureFromKotlin(block: @escaping () async throws -> Int32) -> String {
  runBlocking("cancelClosureFromKotlin", [KotlinArgument(block, .suspendFunction(returning: .int))], result: .string)
}

/// `fun cancelClosureWithArgFromKotlin(delayMs: Long, block: suspend (Int) -> Int): String` —
/// `withTimeoutOrNull(100) { delay(delayMs); block(42) }`.
public func cancelClosureWithArgFromKotlin(delayMs: Int64, block: @escaping (Int32) async throws -> Int32) -> String {
  runBlocking(
    "cancelClosureWithArgFromKotlin", [KotlinArgument(delayMs, .long), KotlinArgument(block, intToInt)],
    result: .string)
}

// MARK: - A closure calling back into Kotlin, edge cases, collections

/// `fun closureCallingKotlin(block: suspend (suspend () -> Int) -> Int): Int = runBlocking { block { delay(10); 42 } }`
public func closureCallingKotlin(block: @escaping (@escaping () async throws -> Int32) async throws -> Int32) -> Int32 {
  let codec = KotlinValueCodec<(@escaping () async throws -> Int32) async throws -> Int32>.suspendFunction(
    .suspendFunction(returning: .int), returning: .int)
  return runBlocking("closureCallingKotlin", [KotlinArgument(block, codec)], result: .int)
}

/// `fun closureCalledMultipleTimes(times: Int, block: suspend (Int) -> Int): Int` — the sum of `block(i)`
/// for `i` in `0 until times`.
public func closureCalledMultipleTimes(times: Int32, block: @escaping (Int32) async throws -> Int32) -> Int32 {
  runBlocking(
    "closureCalledMultipleTimes", [KotlinArgument(times, .int), KotlinArgument(block, intToInt)], result: .int)
}

/// `fun closureNeverCalled(shouldCall: Boolean, block: suspend () -> Int): Int` — `block()`, or -1.
public func closureNeverCalled(shouldCall: Bool, block: @escaping () async throws -> Int32) -> Int32 {
  runBlocking(
    "closureNeverCalled",
    [KotlinArgument(shouldCall, .boolean), KotlinArgument(block, .suspendFunction(returning: .int))], result: .int)
}

/// `fun withListParam(list: List<Int>, block: suspend (List<Int>) -> List<Int>): List<Int> = runBlocking { block(list) }`
public func withListParam(list: [Int32], block: @escaping ([Int32]) async throws -> [Int32]) -> [Int32] {
  let ints = KotlinValueCodec<[Int32]>.list(.int)
  return runBlocking(
    "withListParam", [KotlinArgument(list, ints), KotlinArgument(block, .suspendFunction(ints, returning: ints))],
    result: ints)
}

/// `fun withMapParam(map: Map<String, Int>, block: suspend (Map<String, Int>) -> Map<String, Int>): Map<String, Int> =
/// runBlocking { block(map) }`
public func withMapParam(
  map: [String: Int32], block: @escaping ([String: Int32]) async throws -> [String: Int32]
) -> [String: Int32] {
  let entries = KotlinValueCodec<[String: Int32]>.map(.string, .int)
  let arguments = [KotlinArgument(map, entries), KotlinArgument(block, .suspendFunction(entries, returning: entries))]
  return runBlocking("withMapParam", arguments, result: entries)
}
