#if canImport(Glibc)
  import Glibc
#endif

/// Number formatting for the tables (no Foundation).
enum Format {
  /// `1.23 M`, `456 k`, `789`.
  static func rate(_ value: Double) -> String {
    guard value.isFinite else { return "-" }
    switch abs(value) {
    case 1e9...: return fixed(value / 1e9, 2) + " G"
    case 1e6...: return fixed(value / 1e6, 2) + " M"
    case 1e3...: return fixed(value / 1e3, 1) + " k"
    default: return fixed(value, 0)
    }
  }

  /// `value` with `digits` decimals.
  static func fixed(_ value: Double, _ digits: Int) -> String {
    guard value.isFinite else { return "-" }
    var buffer = [CChar](repeating: 0, count: 64)
    _ = withVaList([value]) { vsnprintf(&buffer, buffer.count, "%.\(digits)f", $0) }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// A ratio: `123×`, `1.05×`.
  static func ratio(_ value: Double) -> String {
    guard value.isFinite else { return "-" }
    return fixed(value, value >= 100 ? 0 : (value >= 10 ? 1 : 2)) + "×"
  }

  /// A fraction as a percentage: `5.6 %`, `0.42 %`.
  static func percent(_ fraction: Double) -> String {
    guard fraction.isFinite else { return "-" }
    let value = fraction * 100
    if value > 0, value < 0.01 { return "<0.01 %" }
    return fixed(value, value >= 10 ? 0 : (value >= 1 ? 1 : 2)) + " %"
  }

  /// `median [min–max]` with `format` for each.
  static func summary(_ summary: Summary?, _ format: (Double) -> String) -> String {
    guard let summary else { return "-" }
    if summary.min == summary.max { return format(summary.median) }
    return "\(format(summary.median)) [\(format(summary.min))–\(format(summary.max))]"
  }

  /// Pads or leaves `text` to `width` characters, left- or right-aligned.
  static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
    let padding = String(repeating: " ", count: max(0, width - text.count))
    return right ? padding + text : text + padding
  }
}
