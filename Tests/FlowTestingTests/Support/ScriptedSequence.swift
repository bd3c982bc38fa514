/// A plain Swift sequence that hands out fixed elements and then ends the chosen way.
struct ScriptedSequence<Element: Sendable>: AsyncSequence, Sendable {
  enum Ending: Sendable {
    /// Completes (returns nil).
    case complete
    /// Throws this error.
    case failure(ScriptedError)
    /// Produces nothing more until its task is cancelled, then throws `CancellationError` (like a
    /// Kotlin flow that never completes).
    case never
  }

  let elements: [Element]
  let ending: Ending

  init(_ elements: [Element], then ending: Ending) {
    self.elements = elements
    self.ending = ending
  }

  struct AsyncIterator: AsyncIteratorProtocol {
    let elements: [Element]
    let ending: Ending
    var index = 0

    mutating func next() async throws -> Element? {
      if index < elements.count {
        defer { index += 1 }
        return elements[index]
      }
      switch ending {
      case .complete: return nil
      case .failure(let error): throw error
      case .never: try await suspendUntilCancelled()
      }
    }
  }

  func makeAsyncIterator() -> AsyncIterator { AsyncIterator(elements: elements, ending: ending) }
}

/// The error a ``ScriptedSequence`` ends with.
struct ScriptedError: Error, Equatable, CustomStringConvertible {
  let reason: String
  var description: String { "ScriptedError(\(reason))" }
}

/// Returns only by throwing `CancellationError` once the current task is cancelled.
private func suspendUntilCancelled() async throws -> Never {
  let (stream, continuation) = AsyncStream<Never>.makeStream()
  for await _ in stream {}  // an unfinished stream ends its loop only when the task is cancelled
  withExtendedLifetime(continuation) {}
  throw CancellationError()
}
