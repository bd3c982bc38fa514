import Testing

/// An assertion of FlowTesting failed. Thrown out of `test { }` blocks (so XCTest tests fail with
/// the message), after the failure was recorded at the caller's line under Swift Testing.
public struct FlowTestingFailure: Error, CustomStringConvertible, Sendable {
  /// What was expected and what happened, e.g. "No item produced in 3s".
  public let message: String
  /// Where the failing call was made.
  public let sourceLocation: SourceLocation

  public var description: String { "\(message) (at \(sourceLocation))" }

  /// Records the failure at `location` and returns it, to be thrown.
  static func record(_ message: String, at location: SourceLocation) -> FlowTestingFailure {
    FailureReporter.fail(message, at: location)
    return FlowTestingFailure(message: message, sourceLocation: location)
  }
}
