// Style protocols and their built-in styles, so `.buttonStyle(.plain)`, `.pickerStyle(.segmented)`,
// `.listStyle(InsetGroupedListStyle())` … compile. Styles are not drawn.

/// A button style (not drawn).
public protocol ButtonStyle {}

public struct PlainButtonStyle: ButtonStyle, Sendable {
  public init() {}
}

extension ButtonStyle where Self == PlainButtonStyle {
  public static var plain: PlainButtonStyle { PlainButtonStyle() }
}

public struct BorderlessButtonStyle: ButtonStyle, Sendable {
  public init() {}
}

extension ButtonStyle where Self == BorderlessButtonStyle {
  public static var borderless: BorderlessButtonStyle { BorderlessButtonStyle() }
}

public struct BorderedButtonStyle: ButtonStyle, Sendable {
  public init() {}
}

extension ButtonStyle where Self == BorderedButtonStyle {
  public static var bordered: BorderedButtonStyle { BorderedButtonStyle() }
}

public struct BorderedProminentButtonStyle: ButtonStyle, Sendable {
  public init() {}
}

extension ButtonStyle where Self == BorderedProminentButtonStyle {
  public static var borderedProminent: BorderedProminentButtonStyle { BorderedProminentButtonStyle() }
}

public struct DefaultButtonStyle: ButtonStyle, Sendable {
  public init() {}
}

extension ButtonStyle where Self == DefaultButtonStyle {
  public static var automatic: DefaultButtonStyle { DefaultButtonStyle() }
}

/// A picker style (not drawn).
public protocol PickerStyle {}

public struct SegmentedPickerStyle: PickerStyle, Sendable {
  public init() {}
}

extension PickerStyle where Self == SegmentedPickerStyle {
  public static var segmented: SegmentedPickerStyle { SegmentedPickerStyle() }
}

public struct MenuPickerStyle: PickerStyle, Sendable {
  public init() {}
}

extension PickerStyle where Self == MenuPickerStyle {
  public static var menu: MenuPickerStyle { MenuPickerStyle() }
}

public struct WheelPickerStyle: PickerStyle, Sendable {
  public init() {}
}

extension PickerStyle where Self == WheelPickerStyle {
  public static var wheel: WheelPickerStyle { WheelPickerStyle() }
}

public struct InlinePickerStyle: PickerStyle, Sendable {
  public init() {}
}

extension PickerStyle where Self == InlinePickerStyle {
  public static var inline: InlinePickerStyle { InlinePickerStyle() }
}

public struct NavigationLinkPickerStyle: PickerStyle, Sendable {
  public init() {}
}

extension PickerStyle where Self == NavigationLinkPickerStyle {
  public static var navigationLink: NavigationLinkPickerStyle { NavigationLinkPickerStyle() }
}

public struct DefaultPickerStyle: PickerStyle, Sendable {
  public init() {}
}

extension PickerStyle where Self == DefaultPickerStyle {
  public static var automatic: DefaultPickerStyle { DefaultPickerStyle() }
}

/// A progressview style (not drawn).
public protocol ProgressViewStyle {}

public struct CircularProgressViewStyle: ProgressViewStyle, Sendable {
  public init() {}
  public init(tint: Color) {}
}

extension ProgressViewStyle where Self == CircularProgressViewStyle {
  public static var circular: CircularProgressViewStyle { CircularProgressViewStyle() }
}

public struct LinearProgressViewStyle: ProgressViewStyle, Sendable {
  public init() {}
  public init(tint: Color) {}
}

extension ProgressViewStyle where Self == LinearProgressViewStyle {
  public static var linear: LinearProgressViewStyle { LinearProgressViewStyle() }
}

public struct DefaultProgressViewStyle: ProgressViewStyle, Sendable {
  public init() {}
}

extension ProgressViewStyle where Self == DefaultProgressViewStyle {
  public static var automatic: DefaultProgressViewStyle { DefaultProgressViewStyle() }
}

/// A list style (not drawn).
public protocol ListStyle {}

public struct PlainListStyle: ListStyle, Sendable {
  public init() {}
}

extension ListStyle where Self == PlainListStyle {
  public static var plain: PlainListStyle { PlainListStyle() }
}

public struct GroupedListStyle: ListStyle, Sendable {
  public init() {}
}

extension ListStyle where Self == GroupedListStyle {
  public static var grouped: GroupedListStyle { GroupedListStyle() }
}

public struct InsetGroupedListStyle: ListStyle, Sendable {
  public init() {}
}

extension ListStyle where Self == InsetGroupedListStyle {
  public static var insetGrouped: InsetGroupedListStyle { InsetGroupedListStyle() }
}

public struct InsetListStyle: ListStyle, Sendable {
  public init() {}
}

extension ListStyle where Self == InsetListStyle {
  public static var inset: InsetListStyle { InsetListStyle() }
}

public struct SidebarListStyle: ListStyle, Sendable {
  public init() {}
}

extension ListStyle where Self == SidebarListStyle {
  public static var sidebar: SidebarListStyle { SidebarListStyle() }
}

public struct DefaultListStyle: ListStyle, Sendable {
  public init() {}
}

extension ListStyle where Self == DefaultListStyle {
  public static var automatic: DefaultListStyle { DefaultListStyle() }
}

/// A navigationview style (not drawn).
public protocol NavigationViewStyle {}

public struct StackNavigationViewStyle: NavigationViewStyle, Sendable {
  public init() {}
}

extension NavigationViewStyle where Self == StackNavigationViewStyle {
  public static var stack: StackNavigationViewStyle { StackNavigationViewStyle() }
}

public struct ColumnNavigationViewStyle: NavigationViewStyle, Sendable {
  public init() {}
}

extension NavigationViewStyle where Self == ColumnNavigationViewStyle {
  public static var columns: ColumnNavigationViewStyle { ColumnNavigationViewStyle() }
}

public struct DefaultNavigationViewStyle: NavigationViewStyle, Sendable {
  public init() {}
}

extension NavigationViewStyle where Self == DefaultNavigationViewStyle {
  public static var automatic: DefaultNavigationViewStyle { DefaultNavigationViewStyle() }
}

/// A textfield style (not drawn).
public protocol TextFieldStyle {}

public struct RoundedBorderTextFieldStyle: TextFieldStyle, Sendable {
  public init() {}
}

extension TextFieldStyle where Self == RoundedBorderTextFieldStyle {
  public static var roundedBorder: RoundedBorderTextFieldStyle { RoundedBorderTextFieldStyle() }
}

public struct PlainTextFieldStyle: TextFieldStyle, Sendable {
  public init() {}
}

extension TextFieldStyle where Self == PlainTextFieldStyle {
  public static var plain: PlainTextFieldStyle { PlainTextFieldStyle() }
}

public struct DefaultTextFieldStyle: TextFieldStyle, Sendable {
  public init() {}
}

extension TextFieldStyle where Self == DefaultTextFieldStyle {
  public static var automatic: DefaultTextFieldStyle { DefaultTextFieldStyle() }
}

/// A toggle style (not drawn).
public protocol ToggleStyle {}

public struct SwitchToggleStyle: ToggleStyle, Sendable {
  public init() {}
  public init(tint: Color) {}
}

extension ToggleStyle where Self == SwitchToggleStyle {
  public static var `switch`: SwitchToggleStyle { SwitchToggleStyle() }
}

public struct ButtonToggleStyle: ToggleStyle, Sendable {
  public init() {}
}

extension ToggleStyle where Self == ButtonToggleStyle {
  public static var button: ButtonToggleStyle { ButtonToggleStyle() }
}

public struct DefaultToggleStyle: ToggleStyle, Sendable {
  public init() {}
}

extension ToggleStyle where Self == DefaultToggleStyle {
  public static var automatic: DefaultToggleStyle { DefaultToggleStyle() }
}

/// A tabview style (not drawn).
public protocol TabViewStyle {}

public struct PageTabViewStyle: TabViewStyle, Sendable {
  public enum IndexDisplayMode: Sendable { case automatic, always, never }
  public init(indexDisplayMode: IndexDisplayMode = .automatic) {}
}

extension TabViewStyle where Self == PageTabViewStyle {
  public static var page: PageTabViewStyle { PageTabViewStyle() }
}

extension TabViewStyle where Self == PageTabViewStyle {
  public static func page(indexDisplayMode: PageTabViewStyle.IndexDisplayMode) -> PageTabViewStyle {
    PageTabViewStyle()
  }
}

public struct DefaultTabViewStyle: TabViewStyle, Sendable {
  public init() {}
}

extension TabViewStyle where Self == DefaultTabViewStyle {
  public static var automatic: DefaultTabViewStyle { DefaultTabViewStyle() }
}

/// A label style (not drawn).
public protocol LabelStyle {}

public struct IconOnlyLabelStyle: LabelStyle, Sendable {
  public init() {}
}

extension LabelStyle where Self == IconOnlyLabelStyle {
  public static var iconOnly: IconOnlyLabelStyle { IconOnlyLabelStyle() }
}

public struct TitleOnlyLabelStyle: LabelStyle, Sendable {
  public init() {}
}

extension LabelStyle where Self == TitleOnlyLabelStyle {
  public static var titleOnly: TitleOnlyLabelStyle { TitleOnlyLabelStyle() }
}

public struct TitleAndIconLabelStyle: LabelStyle, Sendable {
  public init() {}
}

extension LabelStyle where Self == TitleAndIconLabelStyle {
  public static var titleAndIcon: TitleAndIconLabelStyle { TitleAndIconLabelStyle() }
}

public struct DefaultLabelStyle: LabelStyle, Sendable {
  public init() {}
}

extension LabelStyle where Self == DefaultLabelStyle {
  public static var automatic: DefaultLabelStyle { DefaultLabelStyle() }
}
