import FlowTesting
import HeadlessUI
import KotlinFixtures
import Locking
import Testing

/// A host the test forgot to unmount keeps its views' collections alive; the leak report says so by
/// name, so the fix (`await host.unmount()`) is in the message.
@MainActor
@Suite("Leak report: a host still mounted", .timeLimit(.minutes(1)))
struct LeakReportNamesHostTests {
  @Test("the report names HeadlessHost<ContentView> and what to call")
  func mountedHostIsNamed() async throws {
    let messages = Locked<[String]>([])
    var host: HeadlessHost<ContentView>?
    var thrown: (any Error)?
    await withKnownIssue(
      isIntermittent: false, isolation: #isolation,
      {
        do {
          try await withKotlinLeakCheck(timeout: .milliseconds(200)) { _ in
            host = HeadlessHost(ContentView())  // seed 002's counter: a StateFlow collection in .task
            try await host?.settle()
          }
        } catch {
          thrown = error
        }
      },
      matching: { issue in
        messages.withLock { $0.append(issue.comments.map(\.rawValue).joined(separator: "\n")) }
        return true
      })
    await host?.unmount()
    #expect(thrown == nil)
    let reported = messages.withLock { $0 }
    #expect(reported.count == 1, "\(reported)")
    #expect(
      reported.first?.contains(
        "Still open: HeadlessHost<ContentView>, still mounted (call `await host.unmount()`).") == true,
      "\(reported)")
  }
}
