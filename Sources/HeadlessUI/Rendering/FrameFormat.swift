/// The text format of frames (what golden files contain):
///
/// ```
/// VStack
///   Text "0"
///   Button "increment"
/// ```
///
/// One line per drawn view, children indented by two spaces under their container; transparent
/// views (your own views, `Group`, `ForEach`, modifiers, conditionals) draw nothing themselves.
/// Text is quoted: `"` and `\` are escaped, newlines and tabs appear as `\n` and `\t`; everything
/// else (Unicode included) is printed as is. An empty screen is the empty string.
enum FrameFormat {
  static func quote(_ text: String) -> String {
    // Unicode scalars, not Characters: "\r\n" is one Character, and so is a quote followed by a
    // combining mark; each scalar that needs escaping must be seen on its own.
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case "\r": result += "\\r"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}
