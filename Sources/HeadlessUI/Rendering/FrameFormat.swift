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
    var result = "\""
    for character in text {
      switch character {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case "\r": result += "\\r"
      default: result.append(character)
      }
    }
    return result + "\""
  }
}
