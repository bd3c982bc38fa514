import CInterop

/// One `resume` call of a suspend function's continuation, copied into Swift.
struct Outcome: Sendable, Hashable, CustomStringConvertible {
  var kind: TerminalKind
  /// completed only.
  var value: Item? = nil
  /// failed only.
  var failure: Failure? = nil
  /// cancelled only.
  var requestedByConsumer = false

  static func completed(_ value: Item) -> Outcome {
    Outcome(kind: .completed, value: value)
  }

  static func failed(_ failure: Failure) -> Outcome {
    Outcome(kind: .failed, failure: failure)
  }

  static func cancelled(byConsumer: Bool) -> Outcome {
    Outcome(kind: .cancelled, requestedByConsumer: byConsumer)
  }

  var description: String {
    switch kind {
    case .completed: "completed(\(value.map(\.description) ?? "<no value>"))"
    case .failed: "failed(\(failure.map(\.description) ?? "<no throwable>"))"
    case .cancelled: "cancelled(requestedByConsumer: \(requestedByConsumer))"
    case .invalid(let raw): "<invalid outcome kind \(raw)>"
    }
  }
}
