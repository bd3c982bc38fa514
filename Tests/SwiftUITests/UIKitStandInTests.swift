import SwiftUI
import Testing
import UIKit

/// A theme and a settings screen as real apps write them with UIKit types, through `import SwiftUI`.
private enum Theme {
  static let background = Color(.systemBackground)
  static let secondary = Color(uiColor: .secondaryLabel)
  static let accent = UIColor(named: "AccentColor") ?? .systemBlue
}

private struct SettingsScreen: View {
  var body: some View {
    VStack {
      Image(uiImage: UIImage(systemName: "gear")!)
      Text("Width \(Int(UIScreen.main.bounds.width))")
      Button("Open settings") {
        if let url = URL(string: UIApplication.openSettingsURLString) { UIApplication.shared.open(url) }
      }
    }
    .background(Theme.background)
  }
}

@MainActor
@Suite("UIKit stand-ins")
struct UIKitStandInTests {
  @Test("colours, images and fonts keep their names; Color(.systemBackground) is the system colour's")
  func namedValues() {
    #expect(Theme.background == Color("systemBackground"))
    #expect(Theme.accent.name == "AccentColor")
    #expect(UIColor.red.withAlphaComponent(0.5).description == "red.opacity(0.5)")
    #expect(UIImage(named: "logo")?.name == "logo")
    #expect(UIFont.systemFont(ofSize: 12).pointSize == 12)
  }

  @Test("UIApplication.open records the URL and opens nothing; the screen, device and proxies answer")
  func applicationRecordsURLs() async throws {
    let host = HeadlessHost(SettingsScreen())
    #expect(host.render().contains(#"Image "gear""#))
    #expect(host.render().contains(#"Text "Width 393""#))
    let opened = try await UIApplication.recordingOpenedURLs { try host.tap("Open settings") }
    #expect(opened == [URL(string: "app-settings:")!])
    try host.tap("Open settings")  // outside a recording: opens nothing, records nothing
    #expect(UIDevice.current.systemName == "iOS")
    UITableView.appearance().separatorStyle = .none
    UINavigationBar.appearance().largeTitleTextAttributes = [.foregroundColor: UIColor.label]
    let appearance = UINavigationBarAppearance()
    appearance.configureWithOpaqueBackground()
    UINavigationBar.appearance().standardAppearance = appearance
  }
}
