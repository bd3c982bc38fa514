/// A plain-text table: columns as wide as their widest cell, numbers right-aligned.
struct TextTable {
  let headers: [String]
  let rightAligned: Set<Int>
  var rows: [[String]] = []

  init(_ headers: [String], rightAligned: Set<Int> = []) {
    self.headers = headers
    self.rightAligned = rightAligned
  }

  mutating func add(_ row: [String]) { rows.append(row) }

  var lines: [String] {
    let widths = headers.indices.map { column in
      ([headers] + rows).map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0
    }
    func line(_ cells: [String]) -> String {
      cells.enumerated().map { column, cell in
        Format.pad(cell, widths[column], right: rightAligned.contains(column))
      }.joined(separator: "  ")
    }
    let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
    return [line(headers), rule] + rows.map(line)
  }
}
