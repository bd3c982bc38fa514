import Foundation
import HeadlessUI

/// UIKit's `UIFont`: a name and a size; `Font(uiFont)` uses the name.
public final class UIFont: Hashable, Sendable, CustomStringConvertible {
  public let fontName: String
  public let pointSize: CGFloat

  public init?(name: String, size: CGFloat) {
    fontName = name
    pointSize = size
  }

  private init(fontName: String, pointSize: CGFloat) {
    self.fontName = fontName
    self.pointSize = pointSize
  }

  public static func systemFont(ofSize size: CGFloat) -> UIFont { UIFont(fontName: "system", pointSize: size) }
  public static func systemFont(ofSize size: CGFloat, weight: Weight) -> UIFont {
    UIFont(fontName: "system", pointSize: size)
  }
  public static func boldSystemFont(ofSize size: CGFloat) -> UIFont { UIFont(fontName: "system-bold", pointSize: size) }
  public static func preferredFont(forTextStyle style: TextStyle) -> UIFont {
    UIFont(fontName: style.rawValue, pointSize: 17)
  }

  public struct Weight: Hashable, Sendable {
    let value: Int
    public static let regular = Weight(value: 4)
    public static let medium = Weight(value: 5)
    public static let semibold = Weight(value: 6)
    public static let bold = Weight(value: 7)
  }

  public struct TextStyle: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let largeTitle = TextStyle(rawValue: "largeTitle")
    public static let title1 = TextStyle(rawValue: "title1")
    public static let headline = TextStyle(rawValue: "headline")
    public static let body = TextStyle(rawValue: "body")
    public static let caption1 = TextStyle(rawValue: "caption1")
  }

  public var description: String { "\(fontName) \(pointSize)" }
  public static func == (lhs: UIFont, rhs: UIFont) -> Bool {
    lhs.fontName == rhs.fontName && lhs.pointSize == rhs.pointSize
  }
  public func hash(into hasher: inout Hasher) { hasher.combine(fontName) }
}

extension Font {
  /// SwiftUI's `Font(uiFont)`.
  public init(_ font: UIFont) { self = .custom(font.fontName, size: font.pointSize) }
}
