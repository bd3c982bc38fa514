/// A Kotlin suspend function call as KMP-NativeCoroutines exposes it (`NativeSuspend`): a function
/// that starts the call in a Kotlin coroutine and reports its outcome through exactly one callback:
/// `onResult(value, unit)`, `onError(error, unit)` or `onCancelled(error, unit)`.
///
/// It returns a ``NativeCancellable`` that cancels the call. Calling the function again calls the
/// suspend function again. The `@NativeCoroutines` Gradle plugin generates these from `suspend`
/// functions; Swift code normally passes them to `asyncFunction(for:)`, `asyncResult(for:)` or
/// `createFuture(for:)`.
///
/// ```swift
/// // Kotlin: @NativeCoroutines suspend fun getRandomLetters(): String
/// let call: NativeSuspend<String, Error, KotlinUnit> = generator.getRandomLetters()
/// let letters = try await asyncFunction(for: call)
/// ```
public typealias NativeSuspend<Result, Failure: Error, Unit> = (
  _ onResult: @escaping NativeCallback<Result, Unit>,
  _ onError: @escaping NativeCallback<Failure, Unit>,
  _ onCancelled: @escaping NativeCallback<Failure, Unit>
) -> NativeCancellable<Unit>
