import HeadlessUI
import Screens
import UIKit

/// Each screen driven the way a user would: the frames it draws on the way are the golden.
@MainActor
enum Scenarios {
  nonisolated static let names = [
    "wordList", "profileForm", "mainTabs", "sheetAndAlert", "refreshableList", "favouriteScreen",
    "aboutScreen",
  ]

  static let all: [(name: String, run: @MainActor () async throws -> String)] = [
    ("wordList", wordList), ("profileForm", profileForm), ("mainTabs", mainTabs),
    ("sheetAndAlert", sheetAndAlert), ("refreshableList", refreshableList), ("favouriteScreen", favouriteScreen),
    ("aboutScreen", aboutScreen),
  ]

  /// Loads the words, opens "any", goes back with the detail's button, opens "world", goes back.
  static func wordList() async throws -> String {
    let host = HeadlessHost(WordListScreen())
    try await host.settle()
    try host.tap("any")
    try await host.settle()
    try host.tap("Back to list")
    try await host.settle()
    try host.tap("world")
    try await host.settle()
    try host.goBack()
    try await host.settle()
    await host.unmount()
    return host.transcript
  }

  /// Fills the form (Save stays disabled until the password is long enough), changes the toggle and
  /// the picker, saves twice.
  static func profileForm() async throws -> String {
    let host = HeadlessHost(ProfileFormScreen())
    try await host.settle()
    try host.type("Ann", into: "Name")
    try await host.settle()
    try host.type("abc", into: "Password")
    try await host.settle()
    try host.type("abcd", into: "Password")
    try await host.settle()
    try host.toggle("Notifications")
    try host.pick("Dark", in: "Theme")
    try await host.settle()
    try host.tap("Save")
    try await host.settle()
    try host.tap("Save")
    try await host.settle()
    await host.unmount()
    return host.transcript
  }

  /// Counts on the first tab, switches to the elements, turns on compact layout in settings, goes
  /// back to the counter (its state kept).
  static func mainTabs() async throws -> String {
    let host = HeadlessHost(MainTabScreen())
    try await host.settle()
    try host.tap("Add one")
    try await host.settle()
    try host.tap("Elements")
    try await host.settle()
    try host.tap("Settings")
    try await host.settle()
    try host.toggle("Compact layout")
    try await host.settle()
    try host.tap("Counter")
    try await host.settle()
    await host.unmount()
    return host.transcript
  }

  /// Opens the editor sheet, adds 11, closes it with Done; asks to reset, cancels; asks again and
  /// resets; opens the sheet again and dismisses it as a swipe would.
  static func sheetAndAlert() async throws -> String {
    let host = HeadlessHost(SheetAndAlertScreen())
    try await host.settle()
    try host.tap("Edit")
    try await host.settle()
    try host.tap("+1")
    try await host.settle()
    try host.tap("+10")
    try await host.settle()
    try host.tap("Done")
    try await host.settle()
    try host.tap("Reset")
    try await host.settle()
    try host.tap("Cancel")
    try await host.settle()
    try host.tap("Reset")
    try await host.settle()
    try host.tap("Reset")
    try await host.settle()
    try host.tap("Edit")
    try await host.settle()
    try host.dismiss()
    try await host.settle()
    await host.unmount()
    return host.transcript
  }

  /// Pulls to refresh twice (one more item each time), filters with the search field, submits it.
  static func refreshableList() async throws -> String {
    let host = HeadlessHost(RefreshableListScreen())
    try await host.settle()
    try await host.refresh()
    try await host.settle()
    try await host.refresh()
    try await host.settle()
    try host.search("1")
    try await host.settle()
    try host.submit()
    try await host.settle()
    await host.unmount()
    return host.transcript
  }

  /// Favourites (the Kotlin count goes up), flips the toggle inside the digest row's button, opens
  /// the digest info with that button, fills the form, subscribes, unfavourites (the count stays).
  static func favouriteScreen() async throws -> String {
    let host = HeadlessHost(FavouriteScreen())
    try await host.settle()
    try host.tap("heart")
    try await host.settle()
    try host.toggle("Weekly digest")
    try await host.settle()
    try host.tap("About the digest")
    try await host.settle()
    try host.type("ann@example.com", into: "Email")
    try host.type("+1 555 0100", into: "Phone")
    try await host.settle()
    try host.tap("Subscribe")
    try await host.settle()
    try host.tap("heart.fill")
    try await host.settle()
    await host.unmount()
    return host.transcript
  }
}

extension Scenarios {
  /// Opens the privacy policy: UIApplication records the URL (and opens nothing).
  static func aboutScreen() async throws -> String {
    let host = HeadlessHost(AboutScreen())
    try await host.settle()
    let opened = try await UIApplication.recordingOpenedURLs {
      try host.tap("Privacy policy")
      try await host.settle()
    }
    await host.unmount()
    return host.transcript + "\n--- opened with UIApplication.shared ---\n"
      + opened.map(\.absoluteString).joined(separator: "\n")
  }
}

extension HeadlessHost {
  /// Every frame, numbered, in one string.
  var transcript: String {
    frames.enumerated().map { "--- frame \($0.offset + 1) ---\n\($0.element)" }.joined(separator: "\n")
  }
}
