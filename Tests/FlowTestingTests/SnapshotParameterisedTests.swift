import FlowTesting
import Testing

/// In a parameterised test every case would otherwise share one counter, so `assertSnapshot`
/// insists on `named:` there.
@Suite("Snapshots: parameterised tests")
struct SnapshotParameterisedTests {
  @Test("without named: fails and writes nothing", arguments: ["light", "dark"])
  func unnamed(theme: String) throws {
    let sandbox = try SnapshotSandbox()
    defer { sandbox.remove() }
    let captured = captureSnapshotIssues {
      assertSnapshot(of: "theme \(theme)", record: .missing, snapshotDirectory: sandbox.path)
    }
    captured.expectSingleFailure(
      "assertSnapshot in a parameterised test needs `named:` (for example the argument) so that each case has its "
        + "own file instead of colliding on a counter", thrown: false)
    #expect(sandbox.fileNames.isEmpty)
  }

  @Test("with named: each case has its own file", arguments: ["light", "dark"])
  func named(theme: String) throws {
    let sandbox = try SnapshotSandbox()
    defer { sandbox.remove() }
    let captured = captureSnapshotIssues {
      assertSnapshot(of: "theme \(theme)", named: theme, record: .missing, snapshotDirectory: sandbox.path)
    }
    #expect(captured.failures.isEmpty)
    let names = sandbox.fileNames
    #expect(names.count == 1)
    #expect(names.allSatisfy { $0.hasPrefix("named_theme_") && $0.hasSuffix(".\(theme).txt") })
    #expect(names.first.flatMap(sandbox.read) == "theme \(theme)\n")
  }
}
