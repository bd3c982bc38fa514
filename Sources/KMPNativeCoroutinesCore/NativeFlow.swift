/// A Kotlin `Flow` as KMP-NativeCoroutines exposes it (`NativeFlow`): a function that starts
/// collecting the flow in a Kotlin coroutine and reports through callbacks.
///
/// - `onItem(item, next, unit)` for each item; the Kotlin collector waits (without reacting to
///   cancellation) until `next` is called before it takes the next item;
/// - `onComplete(nil, unit)` when the flow completes, `onComplete(error, unit)` when it throws;
/// - `onCancelled(error, unit)` when the collection is cancelled (after its `finally` blocks ran).
///
/// It returns a ``NativeCancellable`` that cancels the collection. Calling the function again
/// collects the flow again. The `@NativeCoroutines` Gradle plugin generates these from a `Flow`
/// property or function; Swift code normally passes them to `asyncSequence(for:)` or
/// `createPublisher(for:)`.
///
/// ```swift
/// // Kotlin: @NativeCoroutines val time: StateFlow<Long>
/// let time: NativeFlow<Int64, Error, KotlinUnit> = clock.time
/// for try await value in asyncSequence(for: time) { print(value) }
/// ```
public typealias NativeFlow<Output, Failure: Error, Unit> = (
  _ onItem: @escaping NativeCallback2<Output, () -> Unit, Unit>,
  _ onComplete: @escaping NativeCallback<Failure?, Unit>,
  _ onCancelled: @escaping NativeCallback<Failure, Unit>
) -> NativeCancellable<Unit>
