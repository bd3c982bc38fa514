/// A line diff in unified format (`-` reference, `+` actual, 3 lines of context), with trailing
/// whitespace made visible so that invisible differences can be seen.
enum UnifiedDiff {
  private enum Edit: Equatable {
    case same(String)
    case removed(String)
    case added(String)
  }

  static func make(reference: [String], actual: [String], context: Int = 3) -> String {
    let edits = diff(reference, actual)
    var output: [String] = []
    var index = 0
    var referenceLine = 1
    var actualLine = 1
    while index < edits.count {
      // Find the next change; emit a hunk around it.
      guard let changeStart = edits[index...].firstIndex(where: { if case .same = $0 { false } else { true } })
      else { break }
      let hunkStart = max(index, changeStart - context)
      var hunkEnd = changeStart
      var lastChange = changeStart
      while hunkEnd < edits.count {
        if case .same = edits[hunkEnd] {
          if hunkEnd - lastChange > 2 * context { break }
        } else {
          lastChange = hunkEnd
        }
        hunkEnd += 1
      }
      hunkEnd = min(edits.count, lastChange + context + 1)
      for edit in edits[index..<hunkStart] {
        if case .same = edit {
          referenceLine += 1
          actualLine += 1
        }
      }
      let hunk = edits[hunkStart..<hunkEnd]
      let removedCount = hunk.filter { if case .added = $0 { false } else { true } }.count
      let addedCount = hunk.filter { if case .removed = $0 { false } else { true } }.count
      output.append("@@ -\(referenceLine),\(removedCount) +\(actualLine),\(addedCount) @@")
      for edit in hunk {
        switch edit {
        case .same(let line):
          output.append(" " + visible(line))
          referenceLine += 1
          actualLine += 1
        case .removed(let line):
          output.append("-" + visible(line))
          referenceLine += 1
        case .added(let line):
          output.append("+" + visible(line))
          actualLine += 1
        }
      }
      index = hunkEnd
    }
    return output.joined(separator: "\n")
  }

  /// Shows trailing spaces as `·` and tabs as `→`, so a line that differs only there is readable.
  static func visible(_ line: String) -> String {
    let trimmed = line.reversed().drop(while: { $0 == " " || $0 == "\t" })
    let trailing = line.dropFirst(trimmed.count)
    guard !trailing.isEmpty else { return line }
    return String(line.prefix(trimmed.count)) + trailing.map { $0 == "\t" ? "→" : "·" }.joined()
  }

  /// Longest-common-subsequence diff; goldens are small, so O(n·m) is fine.
  private static func diff(_ a: [String], _ b: [String]) -> [Edit] {
    let n = a.count
    let m = b.count
    var lengths = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
    for i in stride(from: n - 1, through: 0, by: -1) {
      for j in stride(from: m - 1, through: 0, by: -1) {
        lengths[i][j] = a[i] == b[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
      }
    }
    var edits: [Edit] = []
    var i = 0
    var j = 0
    while i < n || j < m {
      if i < n, j < m, a[i] == b[j] {
        edits.append(.same(a[i]))
        i += 1
        j += 1
      } else if i < n, j == m || lengths[i + 1][j] >= lengths[i][j + 1] {
        edits.append(.removed(a[i]))  // removals before additions, as unified diffs show them
        i += 1
      } else {
        edits.append(.added(b[j]))
        j += 1
      }
    }
    return edits
  }
}
