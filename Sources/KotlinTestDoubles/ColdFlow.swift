import CInterop
import KotlinBridge

/// A cold Kotlin `Flow<Element>` whose producer is Swift code, made by ``flow(_:)``, ``flowOf(_:)``
/// or ``emptyFlow()``. It runs in the Kotlin runtime like any flow of a Kotlin module: each collection
/// runs the body anew in a Kotlin job of the collector's scope, and counts, clocks and misuse checks
/// apply to it.
public struct ColdFlow<Element: Sendable>: KotlinTypedFlow {
  let ref: KotlinRef
  let codec: KotlinValueCodec<Element>

  /// The Kotlin flow object (Swift export's `_flow`).
  public var _flow: any KotlinFlow { _KotlinTypedFlowImpl(ref: ref, codec: codec)._flow }

  public func asAsyncSequence(bufferingPolicy: KotlinBufferingPolicy) -> KotlinFlowSequence<Element> {
    KotlinFlowSequence(flow: ref, codec: codec, bufferingPolicy: bufferingPolicy)
  }
}

/// The collector a ``flow(_:)`` body emits into (Kotlin's `FlowCollector<T>`).
public struct FlowCollector<Element: Sendable>: Sendable {
  let run: BodyRun
  let codec: KotlinValueCodec<Element>

  /// Emits `value`, suspending as the collector's buffer policy says (a rendezvous collector takes
  /// it when it asks for the next element).
  ///
  /// - Throws: `CancellationError` when the collection is cancelled; an error when called from any
  ///   task other than the body's own (Kotlin's "Flow invariant is violated").
  public func emit(_ value: Element) async throws {
    guard BodyRun.current === run, FlowInvariant.isBodyTask(run) else {
      let message =
        "Flow invariant is violated: emission from another coroutine is detected. FlowCollector is not thread-safe "
        + "and concurrent emissions are prohibited; emit only from the flow { } body itself, not from a Task or "
        + "child task it starts (use channelFlow-like code with a CallbackStream instead)"
      KotlinABI.inCurrentScope { message.withCString { shared_Doubles_reportMisuse($0) } }
      throw ExportedKotlinPackages.kotlin.IllegalStateException(message: message)
    }
    try await run.suspend("emit(\(value))") { driver in
      var status = shared_Status_ok
      codec.encode(value) { status = shared_Driver_emit(driver, $0) }
      return status
    }
  }
}

/// A cold flow whose body is Swift code, like Kotlin's `flow { … }`.
///
/// The body runs anew for each collection, in a Kotlin job: `emit` suspends as the collector's
/// buffer policy says, ``delay(_:)`` runs on the scope's clock (virtual time works), cancellation
/// arrives as `CancellationError` at `emit` or `delay` (and `defer` runs as the producer's
/// `finally`), and an error the body throws reaches the collector as a Kotlin exception.
///
/// ```swift
/// let messages: any KotlinTypedFlow<[String]> = flow { collector in
///   try await collector.emit(["Welcome"])
///   try await delay(1_000)
///   try await collector.emit(["Welcome", "You have 1 new message"])
/// }
/// ```
public func flow<Element: Sendable>(
  _ body: @escaping @Sendable (FlowCollector<Element>) async throws -> Void
) -> ColdFlow<Element> {
  let codec = DoubleCodec.codec(for: Element.self)
  let factory = FlowBody(codec: codec, body: body)
  var status = shared_Status_ok
  let ref = KotlinABI.inCurrentScope { shared_Doubles_flow(BodyCallbacks.body(factory), &status) }
  guard let pointer = ref.pinned else {
    preconditionFailure("flow { }: the Kotlin runtime refused the flow (status \(status.rawValue))")
  }
  return ColdFlow(ref: KotlinRef(adopting: pointer), codec: codec)
}

/// A flow of the given values, like Kotlin's `flowOf(…)`.
///
/// ```swift
/// let names = flowOf("ann", "bob")
/// ```
public func flowOf<Element: Sendable>(_ values: Element...) -> ColdFlow<Element> {
  flowOf(contentsOf: values)
}

/// A flow of the values of an array, like Kotlin's `list.asFlow()`.
public func flowOf<Element: Sendable>(contentsOf values: [Element]) -> ColdFlow<Element> {
  flow { collector in
    for value in values { try await collector.emit(value) }
  }
}

/// A flow that completes at once, like Kotlin's `emptyFlow()`.
public func emptyFlow<Element: Sendable>(of type: Element.Type = Element.self) -> ColdFlow<Element> {
  flow { _ in }
}

final class FlowBody<Element: Sendable>: BodyFactory {
  let codec: KotlinValueCodec<Element>
  let body: @Sendable (FlowCollector<Element>) async throws -> Void

  init(codec: KotlinValueCodec<Element>, body: @escaping @Sendable (FlowCollector<Element>) async throws -> Void) {
    self.codec = codec
    self.body = body
  }

  func start(_ run: BodyRun) {
    let collector = FlowCollector(run: run, codec: codec)
    run.launch { [body] in
      try await FlowInvariant.$bodyTask.withValue(KotlinCaller.currentTaskID()) {
        try await body(collector)
      }
      return .completed { $0(nullValuePointer) }
    }
  }
}

/// Detects emission from a task other than the flow body's own.
enum FlowInvariant {
  /// The body's task, as set by the body itself. Child tasks inherit task-locals, so the current task's
  /// identity is compared too.
  @TaskLocal static var bodyTask: UInt?

  static func isBodyTask(_ run: BodyRun) -> Bool {
    guard let body = bodyTask else { return false }
    return KotlinCaller.currentTaskID() == body
  }
}

/// A Kotlin `null` (the ignored result of a flow body).
nonisolated(unsafe) let nullValuePointer: UnsafePointer<shared_Value> = {
  let pointer = UnsafeMutablePointer<shared_Value>.allocate(capacity: 1)
  pointer.initialize(to: shared_Value())
  return UnsafePointer(pointer)
}()
