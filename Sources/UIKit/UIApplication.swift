import Foundation

/// UIKit's `UIApplication.shared`, as far as SwiftUI code reaches for it. Nothing it does has an
/// effect: `open(_:)` opens nothing; it records the URL for the test that runs the code (see
/// ``recordingOpenedURLs(_:)``) and reports success.
@MainActor
public final class UIApplication {
  public static let shared = UIApplication()
  public static let openSettingsURLString = "app-settings:"

  /// The recorder of the running test, if it asked for one. A task-local, so tests running in
  /// parallel each see their own URLs (the app is one, shared, object).
  @TaskLocal static var recorder: OpenedURLRecorder?

  /// Runs `body`, then returns the URLs that `open(_:)` was asked to open while it ran (in the
  /// test's task and the tasks it starts), in order.
  ///
  /// ```swift
  /// let opened = try await UIApplication.recordingOpenedURLs {
  ///   try host.tap("Privacy policy")
  ///   try await host.settle()
  /// }
  /// #expect(opened == [URL(string: "https://example.com/privacy")!])
  /// ```
  public static func recordingOpenedURLs(_ body: () async throws -> Void) async rethrows -> [URL] {
    let recorder = OpenedURLRecorder()
    try await $recorder.withValue(recorder) { try await body() }
    return recorder.urls
  }

  /// What `canOpenURL` answers (true by default).
  public var canOpenURLs = true

  public func open(
    _ url: URL, options: [OpenExternalURLOptionsKey: Any] = [:],
    completionHandler: (@MainActor @Sendable (Bool) -> Void)? = nil
  ) {
    Self.recorder?.urls.append(url)
    completionHandler?(true)
  }

  public func canOpenURL(_ url: URL) -> Bool { canOpenURLs }

  public struct OpenExternalURLOptionsKey: Hashable, Sendable, RawRepresentable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
  }

  public var applicationIconBadgeNumber = 0
  public var isIdleTimerDisabled = false
}

/// The URLs one test's code asked `UIApplication.shared` to open (main-actor state).
@MainActor
final class OpenedURLRecorder: Sendable {
  var urls: [URL] = []
}

/// UIKit's `UIResponder`, the base of the views appearance code touches.
@MainActor
open class UIResponder {
  public init() {}
  @discardableResult open func resignFirstResponder() -> Bool { true }
}

/// UIKit's `UIScreen.main`: an iPhone 15's screen (393 × 852 points, scale 3).
@MainActor
public final class UIScreen {
  public static let main = UIScreen()
  public let bounds = CGRect(x: 0, y: 0, width: 393, height: 852)
  public let scale: CGFloat = 3
  public var nativeBounds: CGRect { CGRect(x: 0, y: 0, width: bounds.width * scale, height: bounds.height * scale) }
}

/// UIKit's `UIDevice.current`: an iPhone on iOS 17.
@MainActor
public final class UIDevice {
  public static let current = UIDevice()
  public let name = "iPhone"
  public let model = "iPhone"
  public let systemName = "iOS"
  public let systemVersion = "17.0"
  public let userInterfaceIdiom = UIUserInterfaceIdiom.phone
  public var identifierForVendor: UUID? { UUID(uuidString: "00000000-0000-0000-0000-000000000000") }
}

public enum UIUserInterfaceIdiom: Int, Sendable { case unspecified = -1, phone, pad, tv, carPlay, mac, vision }
