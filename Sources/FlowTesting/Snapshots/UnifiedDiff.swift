/// A line diff in unified format (`-` reference, `+` actual, 3 lines of context), with trailing
/// whitespace made visible so that invisible differences can be seen.
///
/// The diff itself is ``LineDiff`` (linear space). What is shown is capped, because a failure
/// message is read by a person and printed by the test runner: a golden compared with unrelated
/// output would otherwise put the whole golden into the message (157 MB for a 100 MB golden).
enum UnifiedDiff {
  /// The text shown, and how many lines of the diff it leaves out.
  struct Rendered {
    var text: String
    var omittedLines: Int
  }

  /// - Parameters:
  ///   - maxLines: diff lines shown at most (hunk headers included).
  ///   - maxCharacters: characters shown at most, once a line would go past it no more are shown.
  ///   - maxLineLength: a longer line is cut there, saying how many characters were left out.
  static func make<Line: StringProtocol & Hashable>(
    reference: [Line], actual: [Line], context: Int = 3, maxLines: Int = 400, maxCharacters: Int = 64_000,
    maxLineLength: Int = 1_000
  ) -> Rendered {
    let changes = LineDiff(reference: reference, actual: actual).changes
    var output: [String] = []
    var characters = 0
    var omitted = 0

    /// Shows `line` while the caps allow it; counts it as left out from then on.
    func emit(_ line: @autoclosure () -> String) {
      guard omitted == 0, output.count < maxLines else {
        omitted += 1
        return
      }
      let text = line()
      guard characters + text.count <= maxCharacters else {
        omitted += 1
        return
      }
      characters += text.count + 1
      output.append(text)
    }
    func show(_ marker: String, _ line: Line) -> String { marker + visible(cut(line, at: maxLineLength)) }

    var first = 0
    while first < changes.count {
      // A hunk: the changes whose unchanged lines in between are at most twice the context.
      var last = first
      while last + 1 < changes.count,
        changes[last + 1].referenceRange.lowerBound - changes[last].referenceRange.upperBound <= 2 * context
      {
        last += 1
      }
      let leading = min(context, changes[first].referenceRange.lowerBound)
      let trailing = min(context, reference.count - changes[last].referenceRange.upperBound)
      let referenceStart = changes[first].referenceRange.lowerBound - leading
      let referenceEnd = changes[last].referenceRange.upperBound + trailing
      let actualStart = changes[first].actualRange.lowerBound - leading
      let actualEnd = changes[last].actualRange.upperBound + trailing
      emit(
        "@@ -\(referenceStart + 1),\(referenceEnd - referenceStart) +\(actualStart + 1),\(actualEnd - actualStart) @@")
      var unchangedFrom = referenceStart
      for change in changes[first...last] {
        for index in unchangedFrom..<change.referenceRange.lowerBound { emit(show(" ", reference[index])) }
        for index in change.referenceRange { emit(show("-", reference[index])) }  // removals first, as diff -u
        for index in change.actualRange { emit(show("+", actual[index])) }
        unchangedFrom = change.referenceRange.upperBound
      }
      for index in unchangedFrom..<referenceEnd { emit(show(" ", reference[index])) }
      first = last + 1
    }
    return Rendered(text: output.joined(separator: "\n"), omittedLines: omitted)
  }

  /// `line`, or its first `limit` characters and how many more there were.
  private static func cut<Line: StringProtocol>(_ line: Line, at limit: Int) -> String {
    guard line.utf8.count > limit else { return String(line) }  // no more characters than bytes
    let count = line.count
    guard count > limit else { return String(line) }
    return String(line.prefix(limit)) + "… (\(count - limit) more characters)"
  }

  /// Shows trailing spaces as `·` and tabs as `→`, so a line that differs only there is readable.
  static func visible(_ line: String) -> String {
    let trimmed = line.reversed().drop(while: { $0 == " " || $0 == "\t" })
    let trailing = line.dropFirst(trimmed.count)
    guard !trailing.isEmpty else { return line }
    return String(line.prefix(trimmed.count)) + trailing.map { $0 == "\t" ? "→" : "·" }.joined()
  }
}
