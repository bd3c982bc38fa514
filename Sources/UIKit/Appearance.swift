import Foundation

// Appearance proxies (`UINavigationBar.appearance().tintColor = …`) as apps set them in `init()`: they
// accept what they are given and do nothing, as a frame draws no bar styling.

/// The attributes of navigation-bar titles (`largeTitleTextAttributes`, …).
extension NSAttributedString.Key {
  public static let foregroundColor = NSAttributedString.Key("NSColor")
  public static let font = NSAttributedString.Key("NSFont")
}

/// A view that has an appearance proxy.
@MainActor
public protocol UIAppearance: AnyObject {
  init()
}

extension UIAppearance {
  /// The appearance proxy: a fresh instance whose settings go nowhere.
  public static func appearance() -> Self { Self() }
}

/// UIKit's `UIView`, as far as appearance code and `UIViewRepresentable` sizing touch it.
@MainActor
open class UIView: UIResponder {
  public var backgroundColor: UIColor?
  public var tintColor: UIColor?
  public var isHidden = false
  public var alpha: CGFloat = 1
  public override required init() {}
}

@MainActor
public final class UINavigationBar: UIView, UIAppearance {
  public var barTintColor: UIColor?
  public var isTranslucent = true
  public var prefersLargeTitles = false
  public var titleTextAttributes: [NSAttributedString.Key: Any]?
  public var largeTitleTextAttributes: [NSAttributedString.Key: Any]?
  public var standardAppearance = UINavigationBarAppearance()
  public var scrollEdgeAppearance: UINavigationBarAppearance?
  public var compactAppearance: UINavigationBarAppearance?
}

@MainActor
public final class UITabBar: UIView, UIAppearance {
  public var barTintColor: UIColor?
  public var unselectedItemTintColor: UIColor?
  public var isTranslucent = true
  public var standardAppearance = UITabBarAppearance()
  public var scrollEdgeAppearance: UITabBarAppearance?
}

@MainActor
public final class UITableView: UIView, UIAppearance {
  public enum SeparatorStyle: Int, Sendable { case none, singleLine }
  public var separatorStyle = SeparatorStyle.singleLine
  public var separatorColor: UIColor?
}

@MainActor
public final class UITableViewCell: UIView, UIAppearance {
  public enum SelectionStyle: Int, Sendable { case none, blue, gray, `default` }
  public var selectionStyle = SelectionStyle.default
}

@MainActor
public final class UIScrollView: UIView, UIAppearance {
  public var bounces = true
  public var keyboardDismissMode = KeyboardDismissMode.none
  public enum KeyboardDismissMode: Int, Sendable { case none, onDrag, interactive }
}

@MainActor
public final class UITextField: UIView, UIAppearance {}

@MainActor
public final class UISegmentedControl: UIView, UIAppearance {
  public var selectedSegmentTintColor: UIColor?
  public func setTitleTextAttributes(_ attributes: [NSAttributedString.Key: Any]?, for state: UIControl.State) {}
}

/// UIKit's `UIControl`, for its `State`.
@MainActor
open class UIControl: UIView {
  public struct State: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let normal = State([])
    public static let highlighted = State(rawValue: 1)
    public static let disabled = State(rawValue: 2)
    public static let selected = State(rawValue: 4)
  }
}

/// The bar appearances of iOS 13+ (`configureWithOpaqueBackground()`, …): settings go nowhere.
@MainActor
open class UIBarAppearance {
  public var backgroundColor: UIColor?
  public var shadowColor: UIColor?
  public init() {}
  public func configureWithOpaqueBackground() {}
  public func configureWithTransparentBackground() {}
  public func configureWithDefaultBackground() {}
}

@MainActor
public final class UINavigationBarAppearance: UIBarAppearance {
  public var titleTextAttributes: [NSAttributedString.Key: Any] = [:]
  public var largeTitleTextAttributes: [NSAttributedString.Key: Any] = [:]
}

@MainActor
public final class UITabBarAppearance: UIBarAppearance {}
