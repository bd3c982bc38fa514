/// A strict RFC 8259 reader for one JSON value, written for error messages: a failure names the
/// column (in characters, from 1) and what was expected there. Duplicate object keys are refused
/// (RFC 8259 leaves them undefined), integers must fit a Kotlin `Long`, and nesting is limited so that
/// hostile input cannot exhaust the stack.
enum ScriptJSONReader {
  struct Failure: Error, CustomStringConvertible {
    let column: Int
    let problem: String
    var description: String { "column \(column): \(problem)" }
  }

  static let maximumDepth = 256

  static func read(_ text: String) throws(Failure) -> ScriptValue {
    try read(Array(text.utf8))
  }

  /// Reads one JSON value from a line's UTF-8 bytes (valid UTF-8: the caller checked).
  static func read(_ bytes: [UInt8]) throws(Failure) -> ScriptValue {
    var reader = Reader(bytes: bytes)
    reader.skipWhitespace()
    let value = try reader.value(depth: 0)
    reader.skipWhitespace()
    if reader.index < reader.bytes.count {
      throw reader.failure("unexpected \(reader.describeNext()) after the JSON value; one value per line")
    }
    return value
  }

  /// A JSON object whose member order matters to the caller (a script line): its members, and its
  /// keys in the order they came.
  struct Object {
    var members: [String: ScriptValue] = [:]
    var keys: [String] = []
  }

  /// Reads a JSON object from a line's UTF-8 bytes (valid UTF-8: the caller checked), or returns nil
  /// if the line holds some other value (not read).
  static func readObject(_ bytes: [UInt8]) throws(Failure) -> Object? {
    var reader = Reader(bytes: bytes)
    reader.skipWhitespace()
    guard reader.peek == UInt8(ascii: "{") else { return nil }
    let object = try reader.object(depth: 0, keepingOrder: true)
    reader.skipWhitespace()
    if reader.index < reader.bytes.count {
      throw reader.failure("unexpected \(reader.describeNext()) after the JSON object; one object per line")
    }
    return object
  }

  private struct Reader {
    let bytes: [UInt8]
    var index = 0

    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    func failure(_ problem: String, at offset: Int? = nil) -> Failure {
      let end = min(offset ?? index, bytes.count)
      return Failure(column: String(decoding: bytes[..<end], as: UTF8.self).count + 1, problem: problem)
    }

    /// "'x'", "the end of the line".
    func describeNext() -> String {
      guard index < bytes.count else { return "end of line" }
      // A few bytes hold the next character; decoding the rest of a long line would copy all of it.
      let rest = String(decoding: bytes[index..<min(index + 64, bytes.count)], as: UTF8.self)
      guard let character = rest.first else { return "end of line" }
      return "'\(character)'"
    }

    mutating func skipWhitespace() {
      while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
    }

    mutating func value(depth: Int) throws(Failure) -> ScriptValue {
      guard depth < ScriptJSONReader.maximumDepth else {
        throw failure("nested deeper than \(ScriptJSONReader.maximumDepth) arrays or objects")
      }
      guard let byte = peek else { throw failure("expected a JSON value, found end of line") }
      switch byte {
      case UInt8(ascii: "{"):
        return .object(try object(depth: depth, keepingOrder: false).members)
      case UInt8(ascii: "["): return try list(depth: depth)
      case UInt8(ascii: "\""): return .string(try string())
      case UInt8(ascii: "t"): return try literal("true", .bool(true))
      case UInt8(ascii: "f"): return try literal("false", .bool(false))
      case UInt8(ascii: "n"): return try literal("null", .null)
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
      default:
        throw failure(
          "expected a JSON value (an object, array, string, number, true, false or null), found \(describeNext())")
      }
    }

    mutating func literal(_ word: String, _ value: ScriptValue) throws(Failure) -> ScriptValue {
      let expected = Array(word.utf8)
      guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected else {
        throw failure("expected \(word), found \(describeNext()) (JSON literals are lowercase: true, false, null)")
      }
      index += expected.count
      return value
    }

    /// The members go straight into a dictionary, which also finds duplicate keys: no list of
    /// members and set of keys beside it (three copies of an object with millions of keys).
    mutating func object(depth: Int, keepingOrder: Bool) throws(Failure) -> Object {
      index += 1  // {
      var object = Object()
      skipWhitespace()
      if peek == UInt8(ascii: "}") {
        index += 1
        return object
      }
      while true {
        skipWhitespace()
        guard peek == UInt8(ascii: "\"") else {
          throw failure("expected a member name in double quotes, found \(describeNext())")
        }
        let keyStart = index
        let key = try string()
        guard object.members[key] == nil else {
          throw failure("duplicate key \(Excerpt.jsonString(key)) in an object", at: keyStart)
        }
        skipWhitespace()
        guard peek == UInt8(ascii: ":") else {
          throw failure("expected ':' after the member name \(Excerpt.jsonString(key)), found \(describeNext())")
        }
        index += 1
        skipWhitespace()
        object.members[key] = try value(depth: depth + 1)
        if keepingOrder { object.keys.append(key) }
        skipWhitespace()
        switch peek {
        case UInt8(ascii: ","): index += 1
        case UInt8(ascii: "}"):
          index += 1
          return object
        default: throw failure("expected ',' or '}' after an object member, found \(describeNext())")
        }
      }
    }

    mutating func list(depth: Int) throws(Failure) -> ScriptValue {
      index += 1  // [
      var values: [ScriptValue] = []
      skipWhitespace()
      if peek == UInt8(ascii: "]") {
        index += 1
        return .list(values)
      }
      while true {
        skipWhitespace()
        values.append(try value(depth: depth + 1))
        skipWhitespace()
        switch peek {
        case UInt8(ascii: ","): index += 1
        case UInt8(ascii: "]"):
          index += 1
          return .list(values)
        default: throw failure("expected ',' or ']' after an array element, found \(describeNext())")
        }
      }
    }

    mutating func string() throws(Failure) -> String {
      let start = index
      index += 1  // "
      // Runs between escapes are appended as strings: a string without escapes is then decoded once
      // and taken as is (appending to an empty string adopts the other's storage), not copied again
      // scalar by scalar, which for a 100 MB string held three copies at once.
      var text = ""
      var runStart = index
      func flushRun(_ end: Int) {
        if end > runStart { text += String(decoding: bytes[runStart..<end], as: UTF8.self) }
      }
      while true {
        guard let byte = peek else {
          throw failure("unterminated string (it starts at column \(failure("", at: start).column))")
        }
        switch byte {
        case UInt8(ascii: "\""):
          flushRun(index)
          index += 1
          return text
        case UInt8(ascii: "\\"):
          flushRun(index)
          index += 1
          text.unicodeScalars.append(try escape())
          runStart = index
        case 0..<0x20:
          throw failure("control character U+\(hex4(UInt32(byte))) inside a string; write it as an escape such as \\n")
        default:
          index += 1
        }
      }
    }

    mutating func escape() throws(Failure) -> Unicode.Scalar {
      guard let byte = peek else { throw failure("unterminated escape sequence at the end of the line") }
      index += 1
      switch byte {
      case UInt8(ascii: "\""): return "\""
      case UInt8(ascii: "\\"): return "\\"
      case UInt8(ascii: "/"): return "/"
      case UInt8(ascii: "b"): return "\u{08}"
      case UInt8(ascii: "f"): return "\u{0C}"
      case UInt8(ascii: "n"): return "\n"
      case UInt8(ascii: "r"): return "\r"
      case UInt8(ascii: "t"): return "\t"
      case UInt8(ascii: "u"):
        let escapeStart = index - 2
        let first = try hexQuad()
        if (0xD800..<0xDC00).contains(first) {
          guard peek == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
            throw failure(
              "\\u\(hex4(first)) is half of a surrogate pair; the low half (\\uDC00–\\uDFFF) must follow",
              at: escapeStart)
          }
          index += 2
          let second = try hexQuad()
          guard (0xDC00..<0xE000).contains(second) else {
            throw failure(
              "\\u\(hex4(first)) must be followed by a low surrogate (\\uDC00–\\uDFFF), not \\u\(hex4(second))",
              at: escapeStart)
          }
          return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))!
        }
        guard let scalar = Unicode.Scalar(first) else {
          throw failure("\\u\(hex4(first)) is a lone low surrogate, not a character", at: escapeStart)
        }
        return scalar
      default:
        index -= 1
        throw failure(
          "invalid escape '\\\(describeNext().dropFirst().dropLast())'; JSON escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX",
          at: index - 1)
      }
    }

    mutating func hexQuad() throws(Failure) -> UInt32 {
      var value: UInt32 = 0
      for _ in 0..<4 {
        guard let byte = peek, let digit = hexDigit(byte) else {
          throw failure("expected 4 hexadecimal digits after \\u, found \(describeNext())")
        }
        value = value * 16 + digit
        index += 1
      }
      return value
    }

    func hexDigit(_ byte: UInt8) -> UInt32? {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
      default: nil
      }
    }

    func hex4(_ value: UInt32) -> String {
      let text = String(value, radix: 16, uppercase: true)
      return String(repeating: "0", count: max(0, 4 - text.count)) + text
    }

    mutating func number() throws(Failure) -> ScriptValue {
      let start = index
      if peek == UInt8(ascii: "-") { index += 1 }
      guard let first = peek, isDigit(first) else {
        throw failure("expected a digit after '-', found \(describeNext())")
      }
      if first == UInt8(ascii: "0") {
        index += 1
        if let next = peek, isDigit(next) {
          throw failure("a number must not have a leading zero", at: start)
        }
      } else {
        while let byte = peek, isDigit(byte) { index += 1 }
      }
      var isInteger = true
      if peek == UInt8(ascii: ".") {
        isInteger = false
        index += 1
        guard let byte = peek, isDigit(byte) else {
          throw failure("expected a digit after the decimal point, found \(describeNext())")
        }
        while let byte = peek, isDigit(byte) { index += 1 }
      }
      if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
        isInteger = false
        index += 1
        if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
        guard let byte = peek, isDigit(byte) else {
          throw failure("expected a digit in the exponent, found \(describeNext())")
        }
        while let byte = peek, isDigit(byte) { index += 1 }
      }
      let text = String(decoding: bytes[start..<index], as: UTF8.self)
      if isInteger {
        guard let value = Int64(text) else {
          throw failure(
            "the integer \(Excerpt.of(text)) does not fit a Kotlin Long (\(Int64.min)…\(Int64.max)); write it as a string",
            at: start)
        }
        return .int(value)
      }
      guard let value = Double(text), value.isFinite else {
        throw failure("the number \(Excerpt.of(text)) does not fit a Kotlin Double", at: start)
      }
      return .double(value)
    }

    func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
  }
}
