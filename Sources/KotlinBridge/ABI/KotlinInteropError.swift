import CInterop

/// A failure of the Swift ⇄ Kotlin bridge itself (as opposed to a Kotlin exception): a refused
/// call into the Kotlin module, a value of an unexpected kind, or misuse of an iterator.
///
/// ```swift
/// do { for try await x in flow.asAsyncSequence() { … } }
/// catch let error as KotlinInteropError where error.code == .concurrentNext { … }
/// ```
public struct KotlinInteropError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong, as a value that can grow without breaking `switch`es.
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    fileprivate enum Value: Hashable, Sendable {
      case refused, unexpectedValue, concurrentNext
    }
    fileprivate let value: Value
    /// The Kotlin module refused the call (a released handle, a wrong argument…); see the message.
    public static let refused = Code(value: .refused)
    /// The module handed over a value whose kind does not match the declared Swift type.
    public static let unexpectedValue = Code(value: .unexpectedValue)
    /// `next()` was called on an iterator while another `next()` on it was still waiting.
    public static let concurrentNext = Code(value: .concurrentNext)

    public var description: String {
      switch value {
      case .refused: "refused"
      case .unexpectedValue: "unexpectedValue"
      case .concurrentNext: "concurrentNext"
      }
    }
  }

  public let code: Code
  /// A sentence naming the operation, the problem and what to do.
  public let message: String

  public var description: String { "KotlinInteropError.\(code): \(message)" }

  package init(code: Code, message: String) {
    self.code = code
    self.message = message
  }

  /// A refusal of `operation`, explained by the runtime's misuse message when it has one (the task's
  /// scope's, else the process's), else by what `status` means.
  init(status: shared_Status, operation: String) {
    self.init(
      code: .refused, message: "\(operation) was refused by the Kotlin module: \(KotlinABI.refusalReason(status))")
  }

  /// What a status means, for a refusal the runtime did not explain.
  static func describe(_ status: shared_Status) -> String {
    let meaning =
      switch status {
      case shared_Status_nullArgument: "a required argument was missing"
      case shared_Status_unknownHandle: "the handle was never issued by the Kotlin runtime"
      case shared_Status_disposedHandle: "the handle was already released"
      case shared_Status_wrongKind: "the reference is of the wrong kind"
      case shared_Status_invalidArgument: "an argument was invalid"
      case shared_Status_requestPending: "a request was already outstanding"
      default: "status \(status.rawValue)"
      }
    return meaning + " (KOTLIN_STUB_TRACE_MISUSE=1 prints details)"
  }

  static let concurrentNextError = KotlinInteropError(
    code: .concurrentNext,
    message:
      "next() was called while another next() on the same iterator was waiting; an iterator has one consumer — "
      + "make one iterator per task (iterate the sequence again) instead of sharing one")
}
