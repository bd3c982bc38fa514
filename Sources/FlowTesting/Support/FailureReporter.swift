import Testing
import XCTest

/// Reports an assertion failure where the caller asked: as a Swift Testing issue at the caller's
/// source location when running under Swift Testing, otherwise as an XCTest failure whose message
/// names that location (XCTest only takes compile-time file names).
enum FailureReporter {
  static func fail(_ message: String, at location: SourceLocation) {
    if Test.current != nil {
      Issue.record(Comment(rawValue: message), sourceLocation: location)
    } else {
      XCTFail("\(message) — at \(location.fileID):\(location.line)")
    }
  }

  /// A note that is not a failure (e.g. "recorded a new snapshot").
  static func note(_ message: String, at location: SourceLocation) {
    if Test.current != nil {
      Issue.record(Comment(rawValue: message), severity: .warning, sourceLocation: location)
    } else {
      print("FlowTesting: \(message) — at \(location.fileID):\(location.line)")
    }
  }
}
