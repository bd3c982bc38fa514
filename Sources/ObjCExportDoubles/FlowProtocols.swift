import KotlinBridge
import KotlinTestDoubles

/// Kotlin's `Flow` as Objective-C export shows it (`Kotlinx_coroutines_coreFlow`): untyped (generics
/// of interfaces are erased), collected with a ``Kotlinx_coroutines_coreFlowCollector``, in a
/// completion-handler and an `async` form.
///
/// ```swift
/// try await viewModel.messages.collect(collector: MessagesCollector { messages in self.messages = messages })
/// ```
public protocol Kotlinx_coroutines_coreFlow {
  /// `suspend fun collect(collector)`: returns when the flow completes; throws its failure, or
  /// `CancellationError` when the calling task is cancelled (the collection is cancelled with it).
  /// The collector is called on the caller's actor (the main actor for a view's code), as Kotlin
  /// calls it on the main thread a suspend call from Swift starts on.
  nonisolated(nonsending) func collect(collector: any Kotlinx_coroutines_coreFlowCollector) async throws
  /// The completion-handler form: the collector and the handler are called on the main actor; the
  /// handler gets `nil` at completion, else the error.
  func collect(
    collector: any Kotlinx_coroutines_coreFlowCollector, completionHandler: @escaping ((any Error)?) -> Void)
}

/// Kotlin's `FlowCollector` as Objective-C export shows it: implement one of the two `emit` forms (the
/// other calls it), as a Swift class conforming to the Objective-C protocol does on iOS.
public protocol Kotlinx_coroutines_coreFlowCollector {
  nonisolated(nonsending) func emit(value: Any?) async throws
  func emit(value: Any?, completionHandler: @escaping ((any Error)?) -> Void)
}

extension Kotlinx_coroutines_coreFlowCollector {
  nonisolated(nonsending) public func emit(value: Any?) async throws {
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
      emit(value: value) { error in
        if let error { continuation.resume(throwing: error) } else { continuation.resume() }
      }
    }
  }

  public func emit(value: Any?, completionHandler: @escaping ((any Error)?) -> Void) {
    let collector = UncheckedCollector(self)
    let value = UncheckedValue(value)
    let handler = UncheckedHandler { (_: Int32?, error) in completionHandler(error) }
    Task { @MainActor in
      do {
        try await collector.value.emit(value: value.value)
        handler.call(nil, nil)
      } catch {
        handler.call(nil, error)
      }
    }
  }
}

/// Kotlin's `SharedFlow` (`Kotlinx_coroutines_coreSharedFlow`).
public protocol Kotlinx_coroutines_coreSharedFlow: Kotlinx_coroutines_coreFlow {
  var replayCache: [Any] { get }
}

/// Kotlin's `StateFlow` (`Kotlinx_coroutines_coreStateFlow`): `value` is untyped, a number boxed.
public protocol Kotlinx_coroutines_coreStateFlow: Kotlinx_coroutines_coreSharedFlow {
  var value: Any? { get }
}

/// Kotlin's `MutableSharedFlow` (`Kotlinx_coroutines_coreMutableSharedFlow`).
public protocol Kotlinx_coroutines_coreMutableSharedFlow: Kotlinx_coroutines_coreSharedFlow {
  var subscriptionCount: any Kotlinx_coroutines_coreStateFlow { get }
  func emit(value: Any?) async throws
  func tryEmit(value: Any?) -> Bool
  func resetReplayCache()
}

/// Kotlin's `MutableStateFlow` (`Kotlinx_coroutines_coreMutableStateFlow`).
public protocol Kotlinx_coroutines_coreMutableStateFlow: Kotlinx_coroutines_coreStateFlow,
  Kotlinx_coroutines_coreMutableSharedFlow
{
  var value: Any? { get nonmutating set }
  func compareAndSet(expect: Any?, update: Any?) -> Bool
}

/// Kotlin's `Job` (`Kotlinx_coroutines_coreJob`), which this package's ``Job`` is.
public protocol Kotlinx_coroutines_coreJob: AnyObject {
  var isActive: Bool { get }
  var isCompleted: Bool { get }
  var isCancelled: Bool { get }
  func cancel(cause: KotlinCancellationException?)
  func join() async throws
  func start() -> Bool
}

extension Job: Kotlinx_coroutines_coreJob {
  /// Kotlin's `cancel(cause)`: cancels the job (the cause is not kept apart from a plain cancel).
  public func cancel(cause: KotlinCancellationException?) { cancel() }
  /// Kotlin's `start()`: jobs here start when made; `false`, as for a job already started.
  public func start() -> Bool { false }
  /// The completion-handler form of `join()`: the handler is called on the main actor.
  public func join(completionHandler: @escaping ((any Error)?) -> Void) {
    withCompletionHandler(completionHandler) { try await self.join() }
  }
}

/// A collector moved into the Kotlin job that calls it (Objective-C protocols are not `Sendable`;
/// the job is the only caller while it runs).
struct UncheckedCollector: @unchecked Sendable {
  let value: any Kotlinx_coroutines_coreFlowCollector
  init(_ value: any Kotlinx_coroutines_coreFlowCollector) { self.value = value }
}

/// An untyped value moved into a Kotlin job.
struct UncheckedValue: @unchecked Sendable {
  let value: Any?
  init(_ value: Any?) { self.value = value }
}
