/// A line of text. Drawn as `Text "…"` (quotes and backslashes escaped, newlines as `\n`).
///
/// A string literal is a `LocalizedStringKey`, as in SwiftUI: simple markdown in its literal parts
/// (`**bold**`, `*italic*`, `` `code` ``, `~~struck~~`, `[link](url)`) is drawn as its plain text;
/// interpolated values are drawn as they are. `Text(verbatim:)` and `Text(someString)` never parse
/// markdown. Styling modifiers (`.font`, `.bold()`, …) return `Text` and are not drawn.
///
/// `Text` is a nonisolated, `Sendable` value, as Apple's is (its `View` conformance is in
/// Text+View.swift; see Color for why): texts can be built and kept outside views.
///
/// ```swift
/// Text("\(count)")
/// Text("**\(name)** joined") + Text(date, style: .date)
/// ```
public struct Text: Equatable, Sendable {
  /// The text as drawn.
  public let content: String

  public init(_ key: LocalizedStringKey) { content = key.rendered }

  public init(
    _ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil
  ) {
    content = key.rendered
  }

  @_disfavoredOverload
  public init(_ content: some StringProtocol) { self.content = String(content) }

  public init(verbatim content: String) { self.content = content }

  /// A formatted value: `Text(price, format: .currency(code: "EUR"))`.
  public init<F: FormatStyle>(_ input: F.FormatInput, format: F) where F.FormatOutput == String {
    content = format.format(input)
  }

  /// A value through a `Formatter`.
  public init<Subject: ReferenceConvertible>(_ subject: Subject, formatter: Formatter) {
    content = formatter.string(for: subject) ?? ""
  }

  /// A date in one of SwiftUI's styles, in UTC and `en_US` so frames are the same on every machine
  /// (`.relative`, `.offset` and `.timer` are drawn as the date and time: there is no clock here).
  public init(_ date: Date, style: DateStyle) {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    switch style.kind {
    case .date:
      formatter.dateStyle = .long
      formatter.timeStyle = .none
    case .time:
      formatter.dateStyle = .none
      formatter.timeStyle = .short
    case .other:
      formatter.dateStyle = .medium
      formatter.timeStyle = .short
    }
    content = formatter.string(from: date)
  }

  /// Concatenates two texts.
  public static func + (lhs: Text, rhs: Text) -> Text { Text(verbatim: lhs.content + rhs.content) }

  /// SwiftUI's date styles for `Text(_:style:)`.
  public struct DateStyle: Sendable {
    enum Kind: Sendable { case date, time, other }
    let kind: Kind
    public static let date = DateStyle(kind: .date)
    public static let time = DateStyle(kind: .time)
    public static let relative = DateStyle(kind: .other)
    public static let offset = DateStyle(kind: .other)
    public static let timer = DateStyle(kind: .other)
  }
}

/// A string literal for `Text` (SwiftUI's `LocalizedStringKey`): no localization tables here; its
/// literal parts may hold simple markdown.
///
/// ```swift
/// let key: LocalizedStringKey = "Hello, **\(name)**"
/// Text(key)  // drawn Text "Hello, Ann"
/// ```
public struct LocalizedStringKey: ExpressibleByStringInterpolation, Equatable, Sendable {
  let rendered: String

  public init(_ value: String) { rendered = value }
  public init(stringLiteral value: String) { rendered = Markdown.plain(value) }
  public init(stringInterpolation: StringInterpolation) { rendered = stringInterpolation.rendered }

  public struct StringInterpolation: StringInterpolationProtocol {
    var literal = ""
    var parts: [(literal: Bool, text: String)] = []

    var rendered: String {
      // Markdown spans may enclose interpolations ("**\(name)**"): strip the markers over the
      // whole string, with the interpolated values protected from being read as markdown.
      var protected = ""
      var values: [String] = []
      for part in parts {
        if part.literal {
          protected += part.text
        } else {
          protected += "\u{FFFC}\(values.count)\u{FFFC}"
          values.append(part.text)
        }
      }
      var result = Markdown.plain(protected)
      for (index, value) in values.enumerated() {
        result = result.replacingOccurrences(of: "\u{FFFC}\(index)\u{FFFC}", with: value)
      }
      return result
    }

    public init(literalCapacity: Int, interpolationCount: Int) {}

    public mutating func appendLiteral(_ literal: String) { parts.append((true, literal)) }

    public mutating func appendInterpolation<T>(_ value: T) { parts.append((false, String(describing: value))) }

    public mutating func appendInterpolation(_ value: String) { parts.append((false, value)) }

    public mutating func appendInterpolation(_ text: Text) { parts.append((false, text.content)) }

    public mutating func appendInterpolation(_ image: Image) { parts.append((false, "")) }

    /// `"\(price, specifier: "%.2f")"`
    public mutating func appendInterpolation<T: CVarArg>(_ value: T, specifier: String) {
      parts.append((false, String(format: specifier, locale: Locale(identifier: "en_US_POSIX"), value)))
    }

    public mutating func appendInterpolation<F: FormatStyle>(_ input: F.FormatInput, format: F)
    where F.FormatOutput == String {
      parts.append((false, format.format(input)))
    }
  }
}

/// Simple inline markdown to plain text.
enum Markdown {
  static func plain(_ source: String) -> String {
    var text = source
    // [title](url) → title
    while let open = text.range(of: "["), let close = text.range(of: "](", range: open.upperBound..<text.endIndex),
      let end = text.range(of: ")", range: close.upperBound..<text.endIndex)
    {
      let title = String(text[open.upperBound..<close.lowerBound])
      text.replaceSubrange(open.lowerBound..<end.upperBound, with: title)
    }
    // Not `_`: intraword underscores (snake_case) are not emphasis in CommonMark.
    for marker in ["**", "~~", "*", "`"] {
      text = stripPairs(of: marker, in: text)
    }
    return text
  }

  /// Removes `marker` pairs that enclose non-empty text not starting or ending with a space.
  private static func stripPairs(of marker: String, in text: String) -> String {
    var result = ""
    var rest = Substring(text)
    while let open = rest.range(of: marker) {
      let afterOpen = rest[open.upperBound...]
      guard let close = afterOpen.range(of: marker), close.lowerBound > afterOpen.startIndex,
        afterOpen.first != " ", afterOpen[afterOpen.index(before: close.lowerBound)] != " "
      else {
        result += rest[..<open.upperBound]
        rest = afterOpen
        continue
      }
      result += rest[..<open.lowerBound]
      result += afterOpen[..<close.lowerBound]
      rest = afterOpen[close.upperBound...]
    }
    return result + rest
  }
}
