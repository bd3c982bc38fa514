// Accessibility modifiers: they compile and return the view unchanged; frames do not draw them
// (`accessibilityLabel` and friends are in StylingModifiers.swift).

/// How an accessibility element treats its children (SwiftUI's `AccessibilityChildBehavior`).
///
/// ```swift
/// HStack { Image(systemName: "star"); Text("Ann") }.accessibilityElement(children: .combine)
/// ```
public struct AccessibilityChildBehavior: Hashable, Sendable {
  private let name: String

  /// The children are hidden; the element is described by its own label.
  public static let ignore = AccessibilityChildBehavior(name: "ignore")
  /// The children stay separate elements inside this one.
  public static let contain = AccessibilityChildBehavior(name: "contain")
  /// The children's labels and traits are merged into this element.
  public static let combine = AccessibilityChildBehavior(name: "combine")
}

/// What an accessibility element is or does (SwiftUI's `AccessibilityTraits`).
///
/// ```swift
/// Card().accessibilityAddTraits(.isButton)
/// ```
public struct AccessibilityTraits: OptionSet, Hashable, Sendable {
  public let rawValue: UInt32
  public init(rawValue: UInt32) { self.rawValue = rawValue }

  public static let isButton = AccessibilityTraits(rawValue: 1 << 0)
  public static let isHeader = AccessibilityTraits(rawValue: 1 << 1)
  public static let isSelected = AccessibilityTraits(rawValue: 1 << 2)
  public static let isLink = AccessibilityTraits(rawValue: 1 << 3)
  public static let isSearchField = AccessibilityTraits(rawValue: 1 << 4)
  public static let isImage = AccessibilityTraits(rawValue: 1 << 5)
  public static let playsSound = AccessibilityTraits(rawValue: 1 << 6)
  public static let isKeyboardKey = AccessibilityTraits(rawValue: 1 << 7)
  public static let isStaticText = AccessibilityTraits(rawValue: 1 << 8)
  public static let isSummaryElement = AccessibilityTraits(rawValue: 1 << 9)
  public static let updatesFrequently = AccessibilityTraits(rawValue: 1 << 10)
  public static let startsMediaSession = AccessibilityTraits(rawValue: 1 << 11)
  public static let allowsDirectInteraction = AccessibilityTraits(rawValue: 1 << 12)
  public static let causesPageTurn = AccessibilityTraits(rawValue: 1 << 13)
  public static let isModal = AccessibilityTraits(rawValue: 1 << 14)
  public static let isToggle = AccessibilityTraits(rawValue: 1 << 15)
}

extension View {
  /// Accessibility, not drawn: makes the view one accessibility element.
  ///
  /// ```swift
  /// VStack { Text(name); Text(role) }.accessibilityElement(children: .combine)
  /// ```
  nonisolated public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> Self { self }

  /// Accessibility, not drawn.
  ///
  /// ```swift
  /// Card().accessibilityAddTraits(.isButton)
  /// ```
  nonisolated public func accessibilityAddTraits(_ traits: AccessibilityTraits) -> Self { self }

  /// Accessibility, not drawn.
  ///
  /// ```swift
  /// Image("logo").accessibilityRemoveTraits(.isImage)
  /// ```
  nonisolated public func accessibilityRemoveTraits(_ traits: AccessibilityTraits) -> Self { self }

  /// Accessibility, not drawn.
  ///
  /// ```swift
  /// Text("\(count)").accessibilityValue("\(count) items")
  /// ```
  nonisolated public func accessibilityValue(_ value: some StringProtocol) -> Self { self }

  /// Accessibility, not drawn (the view is still drawn in frames: they show what a test reasons
  /// about, not what VoiceOver reads).
  ///
  /// ```swift
  /// Image(systemName: "sparkles").accessibilityHidden(true)
  /// ```
  nonisolated public func accessibilityHidden(_ hidden: Bool) -> Self { self }
}
