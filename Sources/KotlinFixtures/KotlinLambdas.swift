import CInterop

// Swift closures handed to Kotlin as lambdas: the context is a retained box, released by Kotlin's
// `release` callback exactly once when Kotlin drops the lambda.

private final class IntBlockBox: Sendable {
  let body: @Sendable () -> Int32
  init(_ body: @escaping @Sendable () -> Int32) { self.body = body }
}

private final class UnitBlockBox: Sendable {
  let body: @Sendable () -> Void
  init(_ body: @escaping @Sendable () -> Void) { self.body = body }
}

func intBlock(_ body: @escaping @Sendable () -> Int32) -> shared_IntBlock {
  shared_IntBlock(
    context: Unmanaged.passRetained(IntBlockBox(body)).toOpaque(),  // released by `release`
    invoke: { context in Unmanaged<IntBlockBox>.fromOpaque(context!).takeUnretainedValue().body() },
    release: { context in Unmanaged<IntBlockBox>.fromOpaque(context!).release() })
}

func unitBlock(_ body: @escaping @Sendable () -> Void) -> shared_UnitBlock {
  shared_UnitBlock(
    context: Unmanaged.passRetained(UnitBlockBox(body)).toOpaque(),  // released by `release`
    invoke: { context in Unmanaged<UnitBlockBox>.fromOpaque(context!).takeUnretainedValue().body() },
    release: { context in Unmanaged<UnitBlockBox>.fromOpaque(context!).release() })
}
