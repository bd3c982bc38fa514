/// Input quoted in a message, cut to a readable length: a message names the problem and shows where,
/// and a 100 MB string line or exception message echoed whole would bury both (and flood a terminal).
/// The cut says how much was left out, so that nobody takes the excerpt for the whole.
package enum Excerpt {
  /// How many characters of quoted input a message shows.
  package static let limit = 200

  /// `text` itself, or its first `limit` characters and what was cut: `abc… (99 999 800 more characters)`.
  package static func of(_ text: String, limit: Int = limit) -> String {
    guard let cut = cutIndex(text, limit) else { return text }
    return text[..<cut] + "… (\(more(text[cut...])))"
  }

  /// `text` as a JSON string literal (``ScriptValue/jsonString(_:)``), cut the same way; the count
  /// follows the closing quote: `"abc…" (99 999 800 more characters)`.
  package static func jsonString(_ text: String, limit: Int = limit) -> String {
    guard let cut = cutIndex(text, limit) else { return ScriptValue.jsonString(text) }
    return ScriptValue.jsonString(String(text[..<cut]) + "…") + " (\(more(text[cut...])))"
  }

  private static func cutIndex(_ text: String, _ limit: Int) -> String.Index? {
    // UTF-8 bytes bound characters from above: most texts need no count at all.
    guard text.utf8.count > limit, let cut = text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex),
      cut < text.endIndex
    else { return nil }
    return cut
  }

  /// "1 more character", "99 999 800 more characters".
  private static func more(_ rest: Substring) -> String {
    let count = rest.count
    return "\(grouped(count)) more character" + (count == 1 ? "" : "s")
  }

  /// 99999800 → "99 999 800": digits in threes, as the SI writes them (no locale).
  static func grouped(_ number: Int) -> String {
    var digits = String(number)
    var index = digits.endIndex
    while digits.distance(from: digits.startIndex, to: index) > 3 {
      index = digits.index(index, offsetBy: -3)
      digits.insert(" ", at: index)
    }
    return digits
  }
}
