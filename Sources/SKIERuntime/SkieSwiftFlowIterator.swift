import KotlinBridge

/// The iterator of every SKIE flow (SKIE's `SkieSwiftFlowIterator`): `next()` does not throw.
///
/// Each iteration collects the Kotlin flow anew; dropping the iterator or cancelling the task cancels
/// the Kotlin collection. When the task is cancelled, `next()` returns `nil` (and the task stays
/// cancelled). A Kotlin exception has nowhere to go: SKIE calls `fatalError("Unexpected error: …")`,
/// which crashes the app on iOS. Here that is reported as "this would crash on iOS: …" (a misuse of
/// the Kotlin runtime, so the test's leak check fails with the message) and `next()` returns `nil`.
///
/// ```swift
/// for await tick in viewModel.ticks {  // no `try`
///   print(tick)
/// }
/// ```
public final class SkieSwiftFlowIterator<Element>: AsyncIteratorProtocol {
  public typealias Failure = Never

  private var iterator: KotlinFlowSequence<Element>.AsyncIterator
  private let flowDescription: String

  init(_ flow: any KotlinTypedFlow<Element>, description: String) {
    iterator = flow.asAsyncSequence().makeAsyncIterator()
    flowDescription = description
  }

  public func next(isolation actor: isolated (any Actor)?) async -> Element? {
    do {
      return try await iterator.next(isolation: actor)
    } catch {
      return finish(with: error)
    }
  }

  public func next() async -> Element? {
    do {
      return try await iterator.next()
    } catch {
      return finish(with: error)
    }
  }

  private func finish(with error: any Error) -> Element? {
    if error is CancellationError {
      withUnsafeCurrentTask { $0?.cancel() }  // as SKIE does: the collecting task ends cancelled
      return nil
    }
    SkieCrash.report(
      "\(flowDescription) threw \(error) while being iterated with `for await`: SKIE's flows do not throw, so "
        + "SkieSwiftFlowIterator.next() calls fatalError(\"Unexpected error: …\"). Catch the exception in Kotlin "
        + "(e.g. `.catch { }` on the flow) or expose a flow that cannot fail.")
    return nil
  }
}

@available(*, unavailable)
extension SkieSwiftFlowIterator: Sendable {}
