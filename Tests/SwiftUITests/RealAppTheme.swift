// A theme file as KMP apps write one: brand colors in `static let`s, from hex values through the
// app's own `Color` initialiser and from Xcode's color literals, and an asset image literal.
// Written for this package; only `import SwiftUI`, as in an app's iosApp/ folder. It compiles only if
// `Color` is nonisolated (the `static let`s are nonisolated, so their default values must be too)
// and takes `#colorLiteral`.
import SwiftUI

extension Color {
  /// `Color(hex: 0x3F51B5)`, as apps define it.
  init(hex: UInt32, opacity: Double = 1) {
    self.init(
      red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255, blue: Double(hex & 0xFF) / 255,
      opacity: opacity)
  }
}

enum AppTheme {
  static let primary = Color(hex: 0x3F51B5)
  static let accent = Color(#colorLiteral(red: 1, green: 0.25, blue: 0.5, alpha: 1))
  static let background: Color = #colorLiteral(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)
  static let muted = Color.gray.opacity(0.6)
  static let logo = Image(#imageLiteral(resourceName: "AppLogo"))
  static let headerGradient = LinearGradient(colors: [primary, accent], startPoint: .top, endPoint: .bottom)
  static let card = RoundedRectangle(cornerRadius: 12, style: .continuous)
}

/// A header styled by the theme.
struct ThemedHeader: View {
  var body: some View {
    ZStack {
      AppTheme.background.ignoresSafeArea()
      VStack {
        AppTheme.logo.resizable().frame(width: 40, height: 40)
        Text("Welcome").foregroundColor(AppTheme.primary)
        Text("KMP").foregroundStyle(AppTheme.accent).background(AppTheme.muted)
      }
      .background(AppTheme.headerGradient)
      .clipShape(AppTheme.card)
    }
  }
}
