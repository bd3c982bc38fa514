/// How a Kotlin collection ended, as the Swift iterator reports it.
enum FlowTerminal: Sendable {
  case completed
  case failed(any Error)
  case cancelled

  /// What `next()` answers: `nil` at the end, or the error to throw.
  var result: Result<Void, any Error> {
    switch self {
    case .completed: .success(())
    case .failed(let error): .failure(error)
    case .cancelled: .failure(CancellationError())
    }
  }
}
