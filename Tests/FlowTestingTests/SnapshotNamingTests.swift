import FlowTesting
import Testing

/// File names: `<testName>.txt` for the first unnamed snapshot of a test, `<testName>.2.txt`,
/// `.3` … for the next ones, `<testName>.<name>.txt` for named ones; characters other than letters,
/// digits, `-` and `_` become `_`.
@Suite("Snapshots: file names")
struct SnapshotNamingTests {
  @Test("two unnamed snapshots in one test: <test>.txt and <test>.2.txt")
  func counterSuffix() throws {
    let sandbox = try SnapshotSandbox()
    defer { sandbox.remove() }
    let captured = captureSnapshotIssues {
      assertSnapshot(of: "first", record: .missing, snapshotDirectory: sandbox.path)
      assertSnapshot(of: "second", record: .missing, snapshotDirectory: sandbox.path)
    }
    #expect(captured.failures.isEmpty)
    #expect(sandbox.fileNames == ["counterSuffix.2.txt", "counterSuffix.txt"])
    #expect(sandbox.read("counterSuffix.txt") == "first\n")
    #expect(sandbox.read("counterSuffix.2.txt") == "second\n")
  }

  @Test("named snapshots do not take a number")
  func namedDoNotCount() throws {
    let sandbox = try SnapshotSandbox()
    defer { sandbox.remove() }
    let captured = captureSnapshotIssues {
      assertSnapshot(of: "first", record: .missing, snapshotDirectory: sandbox.path)
      assertSnapshot(of: "named", named: "all", record: .missing, snapshotDirectory: sandbox.path)
      assertSnapshot(of: "third", record: .missing, snapshotDirectory: sandbox.path)
    }
    #expect(captured.failures.isEmpty)
    #expect(sandbox.fileNames == ["namedDoNotCount.2.txt", "namedDoNotCount.all.txt", "namedDoNotCount.txt"])
    #expect(sandbox.read("namedDoNotCount.2.txt") == "third\n")
  }

  @Test("names are sanitised for the file system")
  func sanitisedName() throws {
    let sandbox = try SnapshotSandbox()
    defer { sandbox.remove() }
    let captured = captureSnapshotIssues {
      assertSnapshot(of: "x", named: "dark mode/large-text_2", record: .missing, snapshotDirectory: sandbox.path)
    }
    #expect(captured.failures.isEmpty)
    #expect(sandbox.fileNames == ["sanitisedName.dark_mode_large-text_2.txt"])
  }

  /// As documented on `SnapshotLocation.sanitize`: every character other than a letter, digit, `-`
  /// or `_` becomes `_`, so `render(scenario:)` → `render_scenario__` (the `(` and the `:)` pair).
  @Test("the test name comes from the function: render(scenario:) → render_scenario__")
  func functionWithLabels() throws {
    let sandbox = try SnapshotSandbox()
    defer { sandbox.remove() }
    let captured = captureSnapshotIssues {
      assertSnapshot(of: "x", record: .missing, snapshotDirectory: sandbox.path, function: "render(scenario:)")
    }
    #expect(captured.failures.isEmpty)
    #expect(sandbox.fileNames == ["render_scenario__.txt"])
  }
}
