import CInterop
import KotlinBridge

/// Runs `body` as a Kotlin suspend function: a job of the Kotlin runtime, in the caller's scope.
///
/// Use it to fake a `suspend fun` of your Kotlin module. The call is counted as a pending call until
/// it ends; ``delay(_:)`` inside runs on the scope's clock; cancelling the calling task cancels the
/// Kotlin job (the body sees `CancellationError` at its next `delay`, and the call throws
/// `CancellationError` once the body has ended); a body that throws `CancellationError` by itself
/// cancels its job and the calling task; any other error reaches the caller as a
/// Kotlin exception (throw an ``ExportedKotlinPackages/kotlin/Throwable`` subclass to choose the Kotlin class, e.g.
/// `ExportedKotlinPackages.kotlin.IllegalArgumentException`; the caller catches an instance of the class
/// registered for its name).
///
/// ```swift
/// func login(user: String, password: String) async throws -> Bool {
///   try await kotlinSuspend {
///     try await delay(500)
///     guard !password.isEmpty else {
///       throw ExportedKotlinPackages.kotlin.IllegalArgumentException(message: "Empty password")
///     }
///     return user == "ann"
///   }
/// }
/// ```
public func kotlinSuspend<Value: Sendable>(
  isolation: isolated (any Actor)? = #isolation,
  _ body: @escaping @Sendable () async throws -> Value
) async throws -> Value {
  let codec = DoubleCodec.codec(for: Value.self)
  let factory = SuspendBody(codec: codec, body: body)
  return try await kotlinSuspend("kotlinSuspend { }", codec: codec, isolation: isolation) { continuation, status in
    shared_Doubles_call(BodyCallbacks.body(factory), continuation, status)
  }
}

final class SuspendBody<Value: Sendable>: BodyFactory {
  let codec: KotlinValueCodec<Value>
  let body: @Sendable () async throws -> Value

  init(codec: KotlinValueCodec<Value>, body: @escaping @Sendable () async throws -> Value) {
    self.codec = codec
    self.body = body
  }

  func start(_ run: BodyRun) {
    run.launch { [body, codec] in
      let value = UncheckedResult(try await body())
      return .completed { encodeInto in codec.encode(value.value, encodeInto) }
    }
  }
}

/// Moves a body's result (a `Sendable` value) into the encoding closure.
private struct UncheckedResult<Value: Sendable>: Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}

/// Kotlin's `delay(timeMillis)`: suspends the current test double's body for `timeMillis` on its
/// scope's clock (virtual time under `.virtual` / `.virtualAutoAdvance`). `delay(0)` only yields.
///
/// - Throws: `CancellationError` when the job is cancelled; ``KotlinTestDoubleError`` when called
///   outside a ``flow(_:)`` or ``kotlinSuspend(isolation:_:)`` body (there is no Kotlin job to delay).
public func delay(_ timeMillis: Int64) async throws {
  if let misuse = BodyRun.notInBody("delay(\(timeMillis))") { throw misuse }
  try await BodyRun.running!.suspend("delay(\(timeMillis))") { shared_Driver_delay($0, timeMillis) }
}

/// A test double used in a way Kotlin would not allow, with what to do instead.
public struct KotlinTestDoubleError: Error, Hashable, Sendable, CustomStringConvertible {
  public let message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}
