import FlowTesting
import Testing

/// Each screen's frames, driven by host interactions, against its golden file.
@MainActor
@Suite(.kotlinLeakCheck)
struct ScreenGoldenTests {
  @Test("A list screen navigates to a detail screen and back")
  func wordList() async throws { assertSnapshot(of: try await Scenarios.wordList()) }

  @Test("A form: fields, a secure field, a toggle, a picker, a button disabled until valid")
  func profileForm() async throws { assertSnapshot(of: try await Scenarios.profileForm()) }

  @Test("A tab view: tabs keep their state; an environment object reaches every tab")
  func mainTabs() async throws { assertSnapshot(of: try await Scenarios.mainTabs()) }

  @Test("A sheet and an alert, drawn after the view that presents them")
  func sheetAndAlert() async throws { assertSnapshot(of: try await Scenarios.sheetAndAlert()) }

  @Test("A pull-to-refresh list with a search field")
  func refreshableList() async throws { assertSnapshot(of: try await Scenarios.refreshableList()) }

  @Test("A themed screen: a heart button, a form with keyboard types, a toggle inside a button's label")
  func favouriteScreen() async throws { assertSnapshot(of: try await Scenarios.favouriteScreen()) }

  @Test("UIKit along: system colours, a UIKit image, the screen's width, a link opened with UIApplication")
  func aboutScreen() async throws { assertSnapshot(of: try await Scenarios.aboutScreen()) }
}
