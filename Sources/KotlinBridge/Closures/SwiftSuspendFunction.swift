import CInterop

extension shared_SwiftInvocation: @retroactive @unchecked Sendable {}  // a token, checked by the runtime on use

/// The C callbacks of a Swift closure made into a Kotlin `suspend (…) -> R` object. Non-generic, so
/// that the C function pointers can reach it; the subclass knows the types.
class SwiftSuspendFunctionCallbacks: @unchecked Sendable {
  // @unchecked Sendable: abstract; the subclass's stored properties are immutable.
  /// Kotlin calls the closure (on a worker thread): start it in a task of its own and return at once.
  func invoke(_ arguments: UnsafeBufferPointer<shared_Value>, _ invocation: shared_SwiftInvocation)
    -> SwiftInvocationTask
  { fatalError("abstract") }
}

/// One running call of a Swift closure by Kotlin: the task Kotlin's cancellation cancels.
final class SwiftInvocationTask: Sendable {
  let task: Task<Void, Never>?

  init(task: Task<Void, Never>?) { self.task = task }
}

/// A Swift async closure as Kotlin sees it: decodes the arguments Kotlin passes, runs the closure in a
/// new task (in the runtime scope of the Kotlin job that called it), and reports its end to Kotlin —
/// its value, its error as a Kotlin exception, `CancellationError` as a cancellation, and whether its
/// own task was cancelled (then the Kotlin coroutine that awaited it is cancelled too).
final class SwiftSuspendFunction<Result>: SwiftSuspendFunctionCallbacks, @unchecked Sendable {
  // @unchecked Sendable: both properties are immutable. `prepare` captures the user's closure, which
  // Swift export declares `@escaping` but not `@Sendable`: Kotlin calls it one invocation at a time in
  // the functions of this module, each in its own task, and never while the caller runs Swift code.
  private let prepare: (UnsafeBufferPointer<shared_Value>) throws(KotlinInteropError) -> () async throws -> Result
  private let result: KotlinValueCodec<Result>

  init(
    result: KotlinValueCodec<Result>,
    prepare: @escaping (UnsafeBufferPointer<shared_Value>) throws(KotlinInteropError) -> () async throws -> Result
  ) {
    self.prepare = prepare
    self.result = result
  }

  override func invoke(_ arguments: UnsafeBufferPointer<shared_Value>, _ invocation: shared_SwiftInvocation)
    -> SwiftInvocationTask
  {
    let work: UncheckedTransfer<() async throws -> Result>
    do throws(KotlinInteropError) {
      work = UncheckedTransfer(value: try prepare(arguments))
    } catch {
      Self.complete(invocation, failure: error, cancelsCaller: false)
      return SwiftInvocationTask(task: nil)
    }
    let scope = KotlinRuntimeScope.currentOnThisThread()  // the scope of the Kotlin job calling
    let codec = result
    let task = Task {
      await KotlinRuntimeScope.$current.withValue(scope) {
        do {
          let value = try await work.value()
          let cancelled = Task.isCancelled
          codec.encode(value) { encoded in
            var outcome = shared_Outcome()
            outcome.kind = Int32(shared_TerminalKind_completed.rawValue)
            outcome.value = encoded.pointee
            outcome.cancelsCaller = cancelled
            _ = shared_SwiftInvocation_complete(invocation, &outcome)
          }
        } catch {
          Self.complete(invocation, failure: error, cancelsCaller: Task.isCancelled)
        }
      }
    }
    return SwiftInvocationTask(task: task)
  }

  /// Reports a closure that threw: `CancellationError` as a cancellation, anything else as a Kotlin
  /// exception.
  private static func complete(_ invocation: shared_SwiftInvocation, failure: any Error, cancelsCaller: Bool) {
    var outcome = shared_Outcome()
    outcome.cancelsCaller = cancelsCaller
    if failure is CancellationError {
      outcome.kind = Int32(shared_TerminalKind_cancelled.rawValue)
    } else {
      outcome.kind = Int32(shared_TerminalKind_failed.rawValue)
      // The runtime takes the new throwable over.
      outcome.throwable = ExportedKotlinPackages.kotlin.Throwable.crossing(failure).newThrowable()
    }
    _ = shared_SwiftInvocation_complete(invocation, &outcome)
  }

  /// A new Kotlin function object of `arity` calling this closure, as an owned reference.
  func makeKotlinObject(arity: Int32) -> KotlinRef {
    let context = Unmanaged.passRetained(self as SwiftSuspendFunctionCallbacks)  // released by `release`
    let callbacks = shared_SwiftSuspendFunction(
      context: context.toOpaque(),
      invoke: { context, arguments, count, invocation in
        let function = Unmanaged<SwiftSuspendFunctionCallbacks>.fromOpaque(context!).takeUnretainedValue()
        let running = function.invoke(UnsafeBufferPointer(start: arguments, count: Int(count)), invocation)
        return Unmanaged.passRetained(running).toOpaque()  // released by `end`
      },
      cancel: { invocation in
        Unmanaged<SwiftInvocationTask>.fromOpaque(invocation!).takeUnretainedValue().task?.cancel()
      },
      end: { invocation in Unmanaged<SwiftInvocationTask>.fromOpaque(invocation!).release() },
      release: { context in Unmanaged<SwiftSuspendFunctionCallbacks>.fromOpaque(context!).release() })
    var status = shared_Status_ok
    let pointer = KotlinABI.inCurrentScope { shared_SuspendFunction_fromSwift(arity, callbacks, &status).pinned }
    guard let pointer else {
      preconditionFailure("the Kotlin runtime refused a Swift closure of arity \(arity) (status \(status.rawValue))")
    }
    return KotlinRef(adopting: pointer)
  }
}
