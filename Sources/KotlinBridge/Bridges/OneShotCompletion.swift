import Locking

/// The answer slot of one callback-based request: the first `resume` wins, every later one is
/// ignored and counted — never a double resume, never a crash.
///
/// Obtained from ``withOneShot(timeout:isolation:onCancel:_:)``.
public final class OneShotCompletion<Value: Sendable>: Sendable {
  private enum State {
    case idle(early: Result<Value, any Error>?)  // the continuation is not attached yet
    case waiting(CheckedContinuation<Value, any Error>)
    case finished
  }

  private let state = Locked<(state: State, ignored: Int)>((.idle(early: nil), 0))

  init() {}

  /// Delivers the value. Returns `false` (and counts an ignored answer) if the request already
  /// had its answer, was cancelled or timed out.
  @discardableResult
  public func resume(returning value: Value) -> Bool { finish(.success(value)) }

  /// Delivers a failure. Returns `false` (and counts an ignored answer) if already answered.
  @discardableResult
  public func resume(throwing error: any Error) -> Bool { finish(.failure(error)) }

  /// Answers that arrived after the first one (late or duplicate).
  public var ignoredAnswers: Int { state.withLock { $0.ignored } }

  /// Whether the request has its answer (a value, an error, a cancellation or a timeout).
  public var isFinished: Bool {
    state.withLock {
      if case .idle(early: nil) = $0.state { return false }
      if case .waiting = $0.state { return false }
      return true
    }
  }

  func finish(_ result: Result<Value, any Error>) -> Bool {
    let continuation: CheckedContinuation<Value, any Error>?? = state.withLock { slot in
      switch slot.state {
      case .idle(early: nil):
        slot.state = .idle(early: result)
        return .some(nil)
      case .waiting(let continuation):
        slot.state = .finished
        return .some(continuation)
      case .idle(early: .some), .finished:
        slot.ignored += 1
        return .none
      }
    }
    guard let continuation else { return false }
    continuation?.resume(with: result)
    return true
  }

  func attach(_ continuation: CheckedContinuation<Value, any Error>) {
    let early: Result<Value, any Error>? = state.withLock { slot in
      guard case .idle(let early) = slot.state else {
        preconditionFailure("Invalid state: a one-shot continuation attached twice")
      }
      if let early {
        slot.state = .finished
        return early
      }
      slot.state = .waiting(continuation)
      return nil
    }
    if let early { continuation.resume(with: early) }
  }
}

/// The error a one-shot request ends with when its `timeout` passes first.
public struct OneShotTimeoutError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The timeout that passed.
  public let timeout: Duration
  public var description: String { "No answer within \(timeout); the request was cancelled" }
}
