import FlowTesting
import Testing

/// One issue that a deliberately failing call recorded.
struct RecordedIssue: Sendable, Equatable, CustomStringConvertible {
  /// The issue's comments (FlowTesting puts its whole message there), or the issue's description
  /// when it has none (a caught error, for example).
  let message: String
  /// `false` for a note (severity warning), which does not fail a test.
  let isFailure: Bool
  let sourceLocation: SourceLocation?

  init(_ issue: Issue) {
    let comments = issue.comments.map(\.rawValue)
    message = comments.isEmpty ? String(describing: issue) : comments.joined(separator: "\n")
    isFailure = issue.isFailure
    sourceLocation = issue.sourceLocation
  }

  var description: String { "\(isFailure ? "failure" : "note"): \(message)" }
}

/// What a deliberately failing block did: every issue it recorded and the ``FlowTestingFailure``
/// it threw, if any.
struct CapturedIssues: Sendable {
  var issues: [RecordedIssue]
  var thrown: FlowTestingFailure?

  var messages: [String] { issues.map(\.message) }
  var failures: [RecordedIssue] { issues.filter(\.isFailure) }
  var notes: [RecordedIssue] { issues.filter { !$0.isFailure } }

  /// Expects exactly one issue, a failure with exactly `message`, and (when `thrown`) the same
  /// message on the thrown ``FlowTestingFailure``: FlowTesting records *and* throws.
  func expectSingleFailure(
    _ message: String, thrown: Bool = true, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(messages == [message], sourceLocation: sourceLocation)
    #expect(failures.count == issues.count, "\(issues)", sourceLocation: sourceLocation)
    if thrown {
      #expect(self.thrown?.message == message, sourceLocation: sourceLocation)
    } else {
      #expect(self.thrown == nil, sourceLocation: sourceLocation)
    }
  }
}

/// Thread-safe log the known-issue matcher (called wherever the issue is recorded) appends to.
private final class IssueLog: Sendable {
  private let issues = Protected<[RecordedIssue]>([])

  func append(_ issue: Issue) { issues.withLock { $0.append(RecordedIssue(issue)) } }
  var all: [RecordedIssue] { issues.withLock { $0 } }
}

/// Runs `body`, which is meant to make FlowTesting fail, and returns what it recorded and threw.
///
/// Every issue recorded inside counts as a known issue, so the deliberate failure does not fail
/// the test; the caller asserts on the captured messages instead (an unexpected extra issue then
/// fails through those assertions). An error other than ``FlowTestingFailure`` is recorded as a
/// real issue.
func captureIssues(
  isolation: isolated (any Actor)? = #isolation,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ body: () async throws -> Void
) async -> CapturedIssues {
  let log = IssueLog()
  var thrown: FlowTestingFailure?
  var unexpected: (any Error)?
  await withKnownIssue(
    isIntermittent: true, isolation: isolation, sourceLocation: sourceLocation,
    {
      do {
        try await body()
      } catch let failure as FlowTestingFailure {
        thrown = failure
      } catch {
        unexpected = error
      }
    },
    matching: { issue in
      log.append(issue)
      return true
    })
  if let unexpected {
    Issue.record(unexpected, "an error other than FlowTestingFailure", sourceLocation: sourceLocation)
  }
  return CapturedIssues(issues: log.all, thrown: thrown)
}

/// ``captureIssues(isolation:sourceLocation:_:)`` for synchronous code such as `assertSnapshot`,
/// which records issues and throws nothing.
func captureSnapshotIssues(sourceLocation: SourceLocation = #_sourceLocation, _ body: () -> Void) -> CapturedIssues {
  let log = IssueLog()
  withKnownIssue(
    isIntermittent: true, sourceLocation: sourceLocation, body,
    matching: { issue in
      log.append(issue)
      return true
    })
  return CapturedIssues(issues: log.all, thrown: nil)
}
