import CInterop

/// How a collection or a suspend call ended (`shared_TerminalKind`).
enum TerminalKind: Sendable, Hashable {
  case completed
  case failed
  case cancelled
  case invalid(Int32)

  init(_ raw: Int32) {
    switch raw {
    case Int32(shared_TerminalKind_completed.rawValue): self = .completed
    case Int32(shared_TerminalKind_failed.rawValue): self = .failed
    case Int32(shared_TerminalKind_cancelled.rawValue): self = .cancelled
    default: self = .invalid(raw)
    }
  }
}

/// One `onTerminal` call, copied into Swift. `requestedByConsumer` is only kept for `cancelled` (the header
/// defines it for that kind only); `failure` only for `failed`.
struct TerminalEvent: Sendable, Hashable, CustomStringConvertible {
  var kind: TerminalKind
  var failure: Failure? = nil
  var requestedByConsumer = false

  static let completed = TerminalEvent(kind: .completed)

  static func cancelled(byConsumer: Bool) -> TerminalEvent {
    TerminalEvent(kind: .cancelled, requestedByConsumer: byConsumer)
  }

  static func failed(_ failure: Failure) -> TerminalEvent {
    TerminalEvent(kind: .failed, failure: failure)
  }

  var description: String {
    switch kind {
    case .completed: "completed"
    case .failed: "failed(\(failure.map(\.description) ?? "<no throwable>"))"
    case .cancelled: "cancelled(requestedByConsumer: \(requestedByConsumer))"
    case .invalid(let raw): "<invalid terminal kind \(raw)>"
    }
  }
}
