import Foundation
import HeadlessUI

/// UIKit's `UIColor` as SwiftUI code reaches for it: named and system colours, components, and
/// `Color(uiColor)` / `Color(.systemBackground)`. A colour is only a name here (a frame draws styling
/// by name, if at all): there is no light/dark resolution and no real component arithmetic.
public final class UIColor: Hashable, Sendable, CustomStringConvertible {
  /// What the colour is called in a frame and in `description`.
  public let name: String

  init(name: String) { self.name = name }

  public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    self.init(name: "rgba(\(red), \(green), \(blue), \(alpha))")
  }

  public convenience init(white: CGFloat, alpha: CGFloat) { self.init(name: "white(\(white), \(alpha))") }

  public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
    self.init(name: "hsba(\(hue), \(saturation), \(brightness), \(alpha))")
  }

  /// A colour of the asset catalogue: always found here (there is no catalogue to miss it in).
  public convenience init?(named name: String) { self.init(name: name) }

  /// A dynamic colour: the light appearance's, as the host draws in light mode.
  public convenience init(dynamicProvider: @escaping @Sendable (UITraitCollection) -> UIColor) {
    self.init(name: dynamicProvider(UITraitCollection(userInterfaceStyle: .light)).name)
  }

  public func withAlphaComponent(_ alpha: CGFloat) -> UIColor { UIColor(name: "\(name).opacity(\(alpha))") }

  public var cgColor: CGColor { CGColor(name: name) }
  public var description: String { name }

  public static func == (lhs: UIColor, rhs: UIColor) -> Bool { lhs.name == rhs.name }
  public func hash(into hasher: inout Hasher) { hasher.combine(name) }

  public static let black = UIColor(name: "black")
  public static let white = UIColor(name: "white")
  public static let clear = UIColor(name: "clear")
  public static let gray = UIColor(name: "gray")
  public static let darkGray = UIColor(name: "darkGray")
  public static let lightGray = UIColor(name: "lightGray")
  public static let red = UIColor(name: "red")
  public static let green = UIColor(name: "green")
  public static let blue = UIColor(name: "blue")
  public static let orange = UIColor(name: "orange")
  public static let yellow = UIColor(name: "yellow")
  public static let purple = UIColor(name: "purple")
  public static let brown = UIColor(name: "brown")
  public static let cyan = UIColor(name: "cyan")
  public static let magenta = UIColor(name: "magenta")

  public static let systemBackground = UIColor(name: "systemBackground")
  public static let secondarySystemBackground = UIColor(name: "secondarySystemBackground")
  public static let tertiarySystemBackground = UIColor(name: "tertiarySystemBackground")
  public static let systemGroupedBackground = UIColor(name: "systemGroupedBackground")
  public static let secondarySystemGroupedBackground = UIColor(name: "secondarySystemGroupedBackground")
  public static let tertiarySystemGroupedBackground = UIColor(name: "tertiarySystemGroupedBackground")
  public static let systemFill = UIColor(name: "systemFill")
  public static let secondarySystemFill = UIColor(name: "secondarySystemFill")
  public static let tertiarySystemFill = UIColor(name: "tertiarySystemFill")
  public static let quaternarySystemFill = UIColor(name: "quaternarySystemFill")
  public static let label = UIColor(name: "label")
  public static let secondaryLabel = UIColor(name: "secondaryLabel")
  public static let tertiaryLabel = UIColor(name: "tertiaryLabel")
  public static let quaternaryLabel = UIColor(name: "quaternaryLabel")
  public static let placeholderText = UIColor(name: "placeholderText")
  public static let separator = UIColor(name: "separator")
  public static let opaqueSeparator = UIColor(name: "opaqueSeparator")
  public static let link = UIColor(name: "link")
  public static let systemRed = UIColor(name: "systemRed")
  public static let systemGreen = UIColor(name: "systemGreen")
  public static let systemBlue = UIColor(name: "systemBlue")
  public static let systemOrange = UIColor(name: "systemOrange")
  public static let systemYellow = UIColor(name: "systemYellow")
  public static let systemPink = UIColor(name: "systemPink")
  public static let systemPurple = UIColor(name: "systemPurple")
  public static let systemTeal = UIColor(name: "systemTeal")
  public static let systemIndigo = UIColor(name: "systemIndigo")
  public static let systemMint = UIColor(name: "systemMint")
  public static let systemCyan = UIColor(name: "systemCyan")
  public static let systemBrown = UIColor(name: "systemBrown")
  public static let systemGray = UIColor(name: "systemGray")
  public static let systemGray2 = UIColor(name: "systemGray2")
  public static let systemGray3 = UIColor(name: "systemGray3")
  public static let systemGray4 = UIColor(name: "systemGray4")
  public static let systemGray5 = UIColor(name: "systemGray5")
  public static let systemGray6 = UIColor(name: "systemGray6")
}

/// Core Graphics' colour, as far as `UIColor.cgColor` needs it.
public struct CGColor: Hashable, Sendable {
  public let name: String
}

extension Color {
  /// SwiftUI's `Color(uiColor)`, also written `Color(.systemBackground)`: drawn by the UIKit colour's name.
  public init(_ color: UIColor) { self.init(color.name) }
  /// SwiftUI's `Color(uiColor:)`.
  public init(uiColor: UIColor) { self.init(uiColor.name) }
}

/// UIKit's trait collection, as far as dynamic colours read it.
public struct UITraitCollection: Sendable {
  public enum UserInterfaceStyle: Int, Sendable { case unspecified, light, dark }
  public let userInterfaceStyle: UserInterfaceStyle
  public init(userInterfaceStyle: UserInterfaceStyle) { self.userInterfaceStyle = userInterfaceStyle }
}
