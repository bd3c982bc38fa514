import KotlinBridge

/// One thing a collected sequence did: produced an item, completed, or failed.
public enum FlowEvent<Element: Sendable>: Sendable, CustomStringConvertible {
  case item(Element)
  case complete
  case error(any Error)

  /// Turbine's spelling: `Item(2)`, `Complete`, `Error(IllegalStateException: Flow has failed)`.
  public var description: String {
    switch self {
    case .item(let element): "Item(\(element))"
    case .complete: "Complete"
    case .error(let error): "Error(\(Self.describe(error)))"
    }
  }

  static func describe(_ error: any Error) -> String {
    if let kotlin = error as? ExportedKotlinPackages.kotlin.Throwable {
      return kotlin.message.map { "\(kotlin.simpleClassName): \($0)" } ?? kotlin.simpleClassName
    }
    return String(describing: error)
  }
}
