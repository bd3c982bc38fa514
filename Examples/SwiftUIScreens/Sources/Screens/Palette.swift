import SwiftUI

// The app's theme, as KMP apps keep one: colors in `static let`s, from hex values through an
// extension of `Color` and from Xcode's color literals, and a shape. Nonisolated code, so it compiles
// only where `Color` and shapes are nonisolated values, as in Apple's SwiftUI.
extension Color {
  /// `Color(hex: 0x7F52FF)`.
  init(hex: UInt32) {
    self.init(
      red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255, blue: Double(hex & 0xFF) / 255)
  }
}

enum Palette {
  static let brand = Color(hex: 0x7F52FF)
  static let heart = Color(#colorLiteral(red: 0.91, green: 0.19, blue: 0.32, alpha: 1))
  static let muted: Color = #colorLiteral(red: 0.56, green: 0.56, blue: 0.58, alpha: 1)
  static let background = Color.gray.opacity(0.1)
  static let card = RoundedRectangle(cornerRadius: 12, style: .continuous)
}
