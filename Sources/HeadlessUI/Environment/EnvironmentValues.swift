/// A key for a value of your own in the environment (SwiftUI's `EnvironmentKey`).
///
/// ```swift
/// private struct ThemeKey: EnvironmentKey { static let defaultValue = "light" }
/// extension EnvironmentValues {
///   var theme: String {
///     get { self[ThemeKey.self] }
///     set { self[ThemeKey.self] = newValue }
///   }
/// }
/// // .environment(\.theme, "dark") … @Environment(\.theme) var theme
/// ```
public protocol EnvironmentKey {
  associatedtype Value
  static var defaultValue: Value { get }
}

/// The values a view inherits from its ancestors (SwiftUI's `EnvironmentValues`): built-in ones
/// (`dismiss`, `isEnabled`, `refresh`, `colorScheme`, …), your own keys, environment objects and
/// `@Observable` models.
///
/// ```swift
/// @Environment(\.dismiss) private var dismiss
/// ```
@MainActor
public struct EnvironmentValues {
  private var values: [ObjectIdentifier: Any] = [:]
  var objects: [ObjectIdentifier: AnyObject] = [:]

  public init() {}

  /// The value for `key`, or its default.
  public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
    get { values[ObjectIdentifier(key)] as? K.Value ?? K.defaultValue }
    set { values[ObjectIdentifier(key)] = newValue }
  }
}

private struct IsEnabledKey: EnvironmentKey { static let defaultValue = true }
private struct DismissKey: EnvironmentKey { static var defaultValue: DismissAction { DismissAction {} } }
private struct RefreshKey: EnvironmentKey { static var defaultValue: RefreshAction? { nil } }
private struct SubmitKey: EnvironmentKey { static var defaultValue: [SubmitAction] { [] } }
private struct IsPresentedKey: EnvironmentKey { static let defaultValue = false }
private struct ColorSchemeKey: EnvironmentKey { static let defaultValue = ColorScheme.light }
private struct ScenePhaseKey: EnvironmentKey { static let defaultValue = ScenePhase.active }
private struct LocaleKey: EnvironmentKey { static let defaultValue = Locale(identifier: "en_US") }
private struct TimeZoneKey: EnvironmentKey { static let defaultValue = TimeZone(identifier: "UTC")! }
private struct IsSearchingKey: EnvironmentKey { static let defaultValue = false }
private struct OpenURLKey: EnvironmentKey { static var defaultValue: OpenURLAction { OpenURLAction { _ in } } }
private struct AlertDismissKey: EnvironmentKey { static var defaultValue: (@MainActor () -> Void)? { nil } }

extension EnvironmentValues {
  /// False under `.disabled(true)`: controls are drawn `disabled` and the host refuses to use them.
  public var isEnabled: Bool {
    get { self[IsEnabledKey.self] }
    set { self[IsEnabledKey.self] = newValue }
  }

  /// Closes the sheet or cover this view is in, or goes back from the navigation entry it is in.
  public var dismiss: DismissAction {
    get { self[DismissKey.self] }
    set { self[DismissKey.self] = newValue }
  }

  /// The `.refreshable` action above this view, if any.
  public var refresh: RefreshAction? {
    get { self[RefreshKey.self] }
    set { self[RefreshKey.self] = newValue }
  }

  /// Whether this view is inside a presented sheet, cover or pushed navigation entry.
  public var isPresented: Bool {
    get { self[IsPresentedKey.self] }
    set { self[IsPresentedKey.self] = newValue }
  }

  /// Always `.light` unless set (appearance is not modelled).
  public var colorScheme: ColorScheme {
    get { self[ColorSchemeKey.self] }
    set { self[ColorSchemeKey.self] = newValue }
  }

  /// Whether the app is in the foreground: `.active` unless the host says otherwise
  /// (`HeadlessHost.scenePhase`), so a test can send the app to the background and back.
  ///
  /// ```swift
  /// @Environment(\.scenePhase) private var scenePhase
  /// ```
  public var scenePhase: ScenePhase {
    get { self[ScenePhaseKey.self] }
    set { self[ScenePhaseKey.self] = newValue }
  }

  /// `en_US` unless set, so formatted text is the same on every machine.
  public var locale: Locale {
    get { self[LocaleKey.self] }
    set { self[LocaleKey.self] = newValue }
  }

  /// UTC unless set, so formatted dates are the same on every machine.
  public var timeZone: TimeZone {
    get { self[TimeZoneKey.self] }
    set { self[TimeZoneKey.self] = newValue }
  }

  /// True inside a `.searchable` view whose search text is not empty.
  public var isSearching: Bool {
    get { self[IsSearchingKey.self] }
    set { self[IsSearchingKey.self] = newValue }
  }

  /// Opens a URL: does nothing here (there is no system to hand it to).
  public var openURL: OpenURLAction {
    get { self[OpenURLKey.self] }
    set { self[OpenURLKey.self] = newValue }
  }

  /// The old `presentationMode` (`presentationMode.wrappedValue.dismiss()`).
  public var presentationMode: Binding<PresentationMode> {
    let dismiss = self.dismiss
    let isPresented = self.isPresented
    return Binding(
      get: { PresentationMode(isPresented: isPresented, dismissAction: dismiss) }, set: { _ in })
  }

  var submitActions: [SubmitAction] {
    get { self[SubmitKey.self] }
    set { self[SubmitKey.self] = newValue }
  }

  /// Inside an alert or dialog: closes it (its buttons call this after their action).
  var alertDismiss: (@MainActor () -> Void)? {
    get { self[AlertDismissKey.self] }
    set { self[AlertDismissKey.self] = newValue }
  }
}

/// Dismisses the current presentation (SwiftUI's `DismissAction`): `dismiss()`.
///
/// ```swift
/// @Environment(\.dismiss) private var dismiss
/// Button("Done") { dismiss() }
/// ```
public struct DismissAction {
  let action: @MainActor () -> Void
  @MainActor public func callAsFunction() { action() }
}

/// The `.refreshable` action (SwiftUI's `RefreshAction`): `await refresh()`.
///
/// ```swift
/// @Environment(\.refresh) private var refresh
/// Button("Reload") { Task { await refresh?() } }
/// ```
public struct RefreshAction {
  let action: @MainActor () async -> Void
  @MainActor public func callAsFunction() async { await action() }
}

/// Opens a URL (SwiftUI's `OpenURLAction`); nothing is opened here.
///
/// ```swift
/// @Environment(\.openURL) private var openURL
/// Button("Docs") { openURL(URL(string: "https://example.com")!) }
/// ```
public struct OpenURLAction {
  let handler: @MainActor (URL) -> Void
  public init(handler: @escaping @MainActor (URL) -> Void) { self.handler = handler }
  @MainActor public func callAsFunction(_ url: URL) { handler(url) }
}

/// SwiftUI's old `PresentationMode`.
///
/// ```swift
/// @Environment(\.presentationMode) var presentationMode
/// Button("Close") { presentationMode.wrappedValue.dismiss() }
/// ```
public struct PresentationMode {
  public let isPresented: Bool
  let dismissAction: DismissAction
  @MainActor public mutating func dismiss() { dismissAction() }
}

/// Whether a scene is in the foreground and taking input (SwiftUI's `ScenePhase`). Apps stop
/// and restart their Kotlin flow collections on its changes.
///
/// ```swift
/// @Environment(\.scenePhase) private var scenePhase
/// // .onChange(of: scenePhase) { _, phase in if phase == .background { viewModel.pause() } }
/// ```
public enum ScenePhase: Hashable, Sendable {
  /// Not visible: the app is about to be suspended.
  case background
  /// In the foreground but should pause its work (in the app switcher, under an incoming call).
  case inactive
  /// In the foreground and interactive.
  case active
}

/// Light or dark appearance (not drawn).
public enum ColorScheme: Hashable, Sendable, CaseIterable {
  case light, dark
}

/// What submitting means: a text field's return key, or the search field's.
public struct SubmitTriggers: OptionSet, Sendable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }
  public static let text = SubmitTriggers(rawValue: 1)
  public static let search = SubmitTriggers(rawValue: 2)
}

@MainActor
struct SubmitAction {
  let triggers: SubmitTriggers
  let run: @MainActor () -> Void
}
