import FlowTesting
import Testing

/// A line that differs only in trailing whitespace shows it in the diff: spaces as `·`, tabs as `→`.
@Suite("Snapshots: trailing whitespace is visible in the diff")
struct SnapshotWhitespaceTests {
  @Test("trailing spaces are shown as ·")
  func trailingSpaces() throws {
    let sandbox = try SnapshotSandbox()
    defer { sandbox.remove() }
    try sandbox.write("Text  \n", to: "trailingSpaces.txt")
    let captured = captureSnapshotIssues {
      assertSnapshot(of: "Text", record: .never, snapshotDirectory: sandbox.path)
    }
    let lines = try #require(captured.failures.first?.message).split(separator: "\n").map(String.init)
    #expect(lines.contains("-Text··"))
    #expect(lines.contains("+Text"))
  }

  @Test("a trailing tab is shown as →, inner whitespace as it is")
  func trailingTab() throws {
    let sandbox = try SnapshotSandbox()
    defer { sandbox.remove() }
    try sandbox.write("a  b\n", to: "trailingTab.txt")
    let captured = captureSnapshotIssues {
      assertSnapshot(of: "a  b\t ", record: .never, snapshotDirectory: sandbox.path)
    }
    let lines = try #require(captured.failures.first?.message).split(separator: "\n").map(String.init)
    #expect(lines.contains("-a  b"))
    #expect(lines.contains("+a  b→·"))
  }
}
