import KMPNativeCoroutinesCore

/// Awaits a ``NativeSuspend`` and returns its outcome as a `Result` (KMP-NativeCoroutines'
/// `asyncResult(for:)`): no `do`/`catch` needed.
///
/// ```swift
/// let result = await asyncResult(for: generator.getRandomLetters())
/// if case let .success(letters) = result { print("Got random letters: \(letters)") }
/// ```
///
/// - Parameter nativeSuspend: The native suspend function to await.
/// - Returns: `.success` with the result, or `.failure` with the error (`CancellationError` when
///   the task was cancelled).
public func asyncResult<Output, Failure: Error, Unit>(
  for nativeSuspend: @escaping NativeSuspend<Output, Failure, Unit>,
  isolation: isolated (any Actor)? = #isolation
) async -> Result<Output, any Error> {
  do {
    return .success(try await asyncFunction(for: nativeSuspend, isolation: isolation))
  } catch {
    return .failure(error)
  }
}

/// Awaits a ``NativeSuspend`` of a Kotlin function returning `Unit` and returns its outcome as a
/// `Result` (KMP-NativeCoroutines' `asyncResult(for:)` for `Unit`).
///
/// ```swift
/// if case .failure(let error) = await asyncResult(for: viewModel.refresh()) { show(error) }
/// ```
public func asyncResult<Unit, Failure: Error>(
  for nativeSuspend: @escaping NativeSuspend<Unit, Failure, Unit>,
  isolation: isolated (any Actor)? = #isolation
) async -> Result<Void, any Error> {
  do {
    return .success(try await asyncFunction(for: nativeSuspend, isolation: isolation))
  } catch {
    return .failure(error)
  }
}

/// Awaits a ``NativeSuspend`` of a Kotlin function returning `Unit` and returns its error, if any
/// (KMP-NativeCoroutines' `asyncError(for:)`).
///
/// ```swift
/// if let error = await asyncError(for: viewModel.refresh()) { print("Failed with error: \(error)") }
/// ```
public func asyncError<Unit, Failure: Error>(
  for nativeSuspend: @escaping NativeSuspend<Unit, Failure, Unit>,
  isolation: isolated (any Actor)? = #isolation
) async -> (any Error)? {
  do {
    try await asyncFunction(for: nativeSuspend, isolation: isolation)
    return nil
  } catch {
    return error
  }
}
