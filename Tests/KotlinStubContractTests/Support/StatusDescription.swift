import CInterop
import Testing

extension shared_Status: @retroactive CustomTestStringConvertible {
  public var testDescription: String {
    switch self {
    case shared_Status_ok: "ok"
    case shared_Status_nullArgument: "nullArgument"
    case shared_Status_unknownHandle: "unknownHandle"
    case shared_Status_disposedHandle: "disposedHandle"
    case shared_Status_wrongKind: "wrongKind"
    case shared_Status_invalidArgument: "invalidArgument"
    case shared_Status_requestPending: "requestPending"
    case shared_Status_finished: "finished"
    default: "shared_Status(\(rawValue))"
    }
  }
}
