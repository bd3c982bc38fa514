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
  /// Any kind: the body cancelled its own job, so the caller should cancel itself.
  var cancelsCaller = false

  static func completed(_ value: Item, cancelsCaller: Bool = false) -> Outcome {
    Outcome(kind: .completed, value: value, cancelsCaller: cancelsCaller)
  }

  static func failed(_ failure: Failure) -> Outcome {
    Outcome(kind: .failed, failure: failure)
  }

  static func cancelled(byConsumer: Bool, cancelsCaller: Bool = false) -> Outcome {
    Outcome(kind: .cancelled, requestedByConsumer: byConsumer, cancelsCaller: cancelsCaller)
  }

  var description: String {
    let base =
      switch kind {
      case .completed: "completed(\(value.map(\.description) ?? "<no value>"))"
      case .failed: "failed(\(failure.map(\.description) ?? "<no throwable>"))"
      case .cancelled: "cancelled(requestedByConsumer: \(requestedByConsumer))"
      case .invalid(let raw): "<invalid outcome kind \(raw)>"
      }
    return cancelsCaller ? base + " cancelsCaller" : base
  }
}
