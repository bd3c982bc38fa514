import HeadlessUI
import SwiftUI
import Testing

/// Colors are nonisolated, Sendable values that take color literals (issue 28, items 2 and 3).
/// These tests are nonisolated on purpose: they read the theme's colors off the main actor.
@Suite(.timeLimit(.minutes(1)))
struct ThemeColorTests {
  @Test("Color(#colorLiteral(…)) and a Color-typed literal are the color of those components")
  func colorLiterals() {
    #expect(Color(#colorLiteral(red: 1, green: 0.25, blue: 0.5, alpha: 1)) == Color(red: 1, green: 0.25, blue: 0.5))
    #expect(AppTheme.accent == Color(red: 1, green: 0.25, blue: 0.5))
    #expect(AppTheme.background == Color(red: 0.5, green: 0.5, blue: 0.5))
  }

  @Test("A user's Color initialiser and the theme's static lets are usable from nonisolated code")
  func nonisolatedTheme() async {
    #expect(AppTheme.primary == Color(red: 63.0 / 255, green: 81.0 / 255, blue: 181.0 / 255))
    // Sendable: the color crosses into a detached task and back.
    let fromAnotherTask = await Task.detached { AppTheme.primary }.value
    #expect(fromAnotherTask == AppTheme.primary)
  }

  @Test("Colors draw nothing; an image literal is an image named by its resource")
  @MainActor
  func themedView() async {
    let host = HeadlessHost(ThemedHeader())
    #expect(
      host.render() == """
        ZStack
          VStack
            Image "AppLogo"
            Text "Welcome"
            Text "KMP"
        """)
    await host.unmount()
  }
}
