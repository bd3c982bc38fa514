// Styling modifiers: they compile and return the view unchanged; frames do not draw appearance.
// (`Text`'s versions return `Text`, as in SwiftUI, so styled texts can still be concatenated.)

extension View {
  /// Styling, not drawn.
  nonisolated public func padding(_ length: CGFloat? = nil) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func padding(_ edges: Edge.Set, _ length: CGFloat? = nil) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func padding(_ insets: EdgeInsets) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func font(_ font: Font?) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func fontWeight(_ weight: Font.Weight?) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func bold(_ isActive: Bool = true) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func italic(_ isActive: Bool = true) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func foregroundColor(_ color: Color?) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func foregroundStyle(_ style: some ShapeStyle) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func foregroundStyle(_ primary: some ShapeStyle, _ secondary: some ShapeStyle) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func tint(_ color: Color?) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func accentColor(_ color: Color?) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func background(_ style: some ShapeStyle) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func background(_ style: some ShapeStyle, in shape: some Shape) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func background(_ view: some View, alignment: Alignment = .center) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func background(alignment: Alignment = .center, @ViewBuilder content: () -> some View) -> Self {
    self
  }

  /// Styling, not drawn.
  nonisolated public func overlay(_ view: some View, alignment: Alignment = .center) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func overlay(alignment: Alignment = .center, @ViewBuilder content: () -> some View) -> Self {
    self
  }

  /// Styling, not drawn.
  nonisolated public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> Self {
    self
  }

  /// Styling, not drawn.
  nonisolated public func frame(
    minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil, minHeight: CGFloat? = nil,
    idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil, alignment: Alignment = .center
  ) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func cornerRadius(_ radius: CGFloat, antialiased: Bool = true) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func clipShape(_ shape: some Shape, style: FillStyle = FillStyle()) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func clipped(antialiased: Bool = false) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func shadow(color: Color = .black, radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0) -> Self {
    self
  }

  /// Styling, not drawn.
  nonisolated public func opacity(_ opacity: Double) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func aspectRatio(_ aspectRatio: CGFloat? = nil, contentMode: ContentMode) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func aspectRatio(_ aspectRatio: CGSize, contentMode: ContentMode) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func scaledToFit() -> Self { self }

  /// Styling, not drawn.
  nonisolated public func scaledToFill() -> Self { self }

  /// Styling, not drawn.
  nonisolated public func lineLimit(_ number: Int?) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func lineLimit(_ range: ClosedRange<Int>) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func multilineTextAlignment(_ alignment: TextAlignment) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func lineSpacing(_ lineSpacing: CGFloat) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func fixedSize() -> Self { self }

  /// Styling, not drawn.
  nonisolated public func fixedSize(horizontal: Bool, vertical: Bool) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func zIndex(_ value: Double) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func contentShape(_ shape: some Shape) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func edgesIgnoringSafeArea(_ edges: Edge.Set) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func ignoresSafeArea(_ regions: SafeAreaRegions = .all, edges: Edge.Set = .all) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func transition(_ transition: AnyTransition) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func animation(_ animation: Animation?, value: some Equatable) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func animation(_ animation: Animation?) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func dynamicTypeSize(_ size: DynamicTypeSize) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func dynamicTypeSize(_ range: ClosedRange<DynamicTypeSize>) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func buttonStyle(_ style: some ButtonStyle) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func pickerStyle(_ style: some PickerStyle) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func progressViewStyle(_ style: some ProgressViewStyle) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func listStyle(_ style: some ListStyle) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func navigationViewStyle(_ style: some NavigationViewStyle) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func textFieldStyle(_ style: some TextFieldStyle) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func toggleStyle(_ style: some ToggleStyle) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func tabViewStyle(_ style: some TabViewStyle) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func labelStyle(_ style: some LabelStyle) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func labelsHidden() -> Self { self }

  /// Styling, not drawn.
  nonisolated public func navigationBarTitleDisplayMode(_ displayMode: NavigationBarItem.TitleDisplayMode) -> Self {
    self
  }

  /// Styling, not drawn.
  nonisolated public func navigationBarHidden(_ hidden: Bool) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func navigationBarBackButtonHidden(_ hidesBackButton: Bool = true) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func toolbarBackground(_ visibility: Visibility, for bars: ToolbarPlacement...) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func toolbarBackground(_ style: some ShapeStyle, for bars: ToolbarPlacement...) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func toolbar(_ visibility: Visibility, for bars: ToolbarPlacement...) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func listRowInsets(_ insets: EdgeInsets?) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func listRowSeparator(_ visibility: Visibility, edges: VerticalEdge.Set = .all) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func listRowBackground(_ view: (some View)?) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func scrollContentBackground(_ visibility: Visibility) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func scrollDismissesKeyboard(_ mode: ScrollDismissesKeyboardMode) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func border(_ content: some ShapeStyle, width: CGFloat = 1) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func scaleEffect(_ scale: CGFloat, anchor: UnitPoint = .center) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func offset(x: CGFloat = 0, y: CGFloat = 0) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func offset(_ offset: CGSize) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func position(x: CGFloat = 0, y: CGFloat = 0) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func blur(radius: CGFloat, opaque: Bool = false) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func previewDevice(_ value: PreviewDevice?) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func previewLayout(_ value: PreviewLayout) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func previewDisplayName(_ value: String?) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func preferredColorScheme(_ colorScheme: ColorScheme?) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func statusBarHidden(_ hidden: Bool = true) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func accessibilityLabel(_ label: some StringProtocol) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func accessibilityLabel(_ label: Text) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func accessibilityIdentifier(_ identifier: String) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func accessibilityHint(_ hint: some StringProtocol) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func help(_ text: some StringProtocol) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func mask(_ mask: some View) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func layoutPriority(_ value: Double) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func textCase(_ textCase: Text.Case?) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func minimumScaleFactor(_ factor: CGFloat) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func truncationMode(_ mode: Text.TruncationMode) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func allowsHitTesting(_ enabled: Bool) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func symbolRenderingMode(_ mode: SymbolRenderingMode?) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func imageScale(_ scale: Image.Scale) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func presentationDetents(_ detents: Set<PresentationDetent>) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func presentationDragIndicator(_ visibility: Visibility) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func interactiveDismissDisabled(_ isDisabled: Bool = true) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func keyboardShortcut(_ key: KeyEquivalent, modifiers: EventModifiers = .command) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func drawingGroup() -> Self { self }

  /// Styling, not drawn.
  nonisolated public func compositingGroup() -> Self { self }

  /// Styling, not drawn.
  nonisolated public func brightness(_ amount: Double) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func saturation(_ amount: Double) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func grayscale(_ amount: Double) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func hueRotation(_ angle: Angle) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func contrast(_ amount: Double) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func navigationSplitViewStyle(_ style: some NavigationViewStyle) -> Self { self }

  /// Styling, not drawn.
  nonisolated public func searchSuggestions(@ViewBuilder _ suggestions: () -> some View) -> Self { self }

}

extension Text {
  /// Styling, not drawn.
  public func font(_ font: Font?) -> Text { self }

  /// Styling, not drawn.
  public func fontWeight(_ weight: Font.Weight?) -> Text { self }

  /// Styling, not drawn.
  public func bold(_ isActive: Bool = true) -> Text { self }

  /// Styling, not drawn.
  public func italic(_ isActive: Bool = true) -> Text { self }

  /// Styling, not drawn.
  public func foregroundColor(_ color: Color?) -> Text { self }

  /// Styling, not drawn.
  public func foregroundStyle(_ style: some ShapeStyle) -> Text { self }

  /// Styling, not drawn.
  public func underline(_ isActive: Bool = true, color: Color? = nil) -> Text { self }

  /// Styling, not drawn.
  public func strikethrough(_ isActive: Bool = true, color: Color? = nil) -> Text { self }

  /// Styling, not drawn.
  public func kerning(_ kerning: CGFloat) -> Text { self }

  /// Styling, not drawn.
  public func tracking(_ tracking: CGFloat) -> Text { self }

  /// Styling, not drawn.
  public func baselineOffset(_ offset: CGFloat) -> Text { self }

  /// Styling, not drawn.
  public func monospacedDigit() -> Text { self }

  /// Styling, not drawn.
  public func fontDesign(_ design: Font.Design?) -> Text { self }

  /// Styling, not drawn.
  public func textCase(_ textCase: Text.Case?) -> Text { self }

  /// Letter case (not drawn).
  public enum Case: Sendable { case uppercase, lowercase }
  /// Where text is truncated (not drawn).
  public enum TruncationMode: Sendable { case head, tail, middle }
}

extension Image {
  /// Symbol scale (not drawn).
  public enum Scale: Sendable { case small, medium, large }
}

/// How a shape is filled (not drawn).
public struct FillStyle: Sendable {
  public init(eoFill: Bool = false, antialiased: Bool = true) {}
}

/// Safe-area regions (layout only).
public struct SafeAreaRegions: OptionSet, Sendable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }
  public static let container = SafeAreaRegions(rawValue: 1)
  public static let keyboard = SafeAreaRegions(rawValue: 2)
  public static let all: SafeAreaRegions = [.container, .keyboard]
}

/// Vertical edges (layout only).
public enum VerticalEdge: Sendable {
  case top, bottom
  public struct Set: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let top = Set(rawValue: 1)
    public static let bottom = Set(rawValue: 2)
    public static let all: Set = [.top, .bottom]
  }
}

/// Bars a toolbar modifier applies to (not drawn).
public struct ToolbarPlacement: Sendable {
  public static let automatic = ToolbarPlacement()
  public static let navigationBar = ToolbarPlacement()
  public static let tabBar = ToolbarPlacement()
  public static let bottomBar = ToolbarPlacement()
}

/// Keyboard dismissal while scrolling (not modelled).
public enum ScrollDismissesKeyboardMode: Sendable { case automatic, immediately, interactively, never }

/// Rendering of SF Symbols (not drawn).
public struct SymbolRenderingMode: Sendable {
  public static let monochrome = SymbolRenderingMode()
  public static let hierarchical = SymbolRenderingMode()
  public static let multicolor = SymbolRenderingMode()
  public static let palette = SymbolRenderingMode()
}

/// Sheet heights (not modelled).
public struct PresentationDetent: Hashable, Sendable {
  let name: String
  public static let medium = PresentationDetent(name: "medium")
  public static let large = PresentationDetent(name: "large")
  public static func height(_ height: CGFloat) -> PresentationDetent { PresentationDetent(name: "height \(height)") }
  public static func fraction(_ fraction: CGFloat) -> PresentationDetent {
    PresentationDetent(name: "fraction \(fraction)")
  }
}

/// A key for a keyboard shortcut (not modelled).
public struct KeyEquivalent: ExpressibleByExtendedGraphemeClusterLiteral, Sendable {
  public init(extendedGraphemeClusterLiteral value: Character) {}
  public static let `return`: KeyEquivalent = "\r"
  public static let escape: KeyEquivalent = "\u{1B}"
}

/// Keyboard modifier keys (not modelled).
public struct EventModifiers: OptionSet, Sendable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }
  public static let command = EventModifiers(rawValue: 1)
  public static let shift = EventModifiers(rawValue: 2)
  public static let option = EventModifiers(rawValue: 4)
  public static let control = EventModifiers(rawValue: 8)
}

/// A device for previews (previews are not run).
public struct PreviewDevice: RawRepresentable, ExpressibleByStringLiteral, Sendable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public init(stringLiteral value: String) { rawValue = value }
}

/// A preview layout (previews are not run).
public enum PreviewLayout: Sendable {
  case device, sizeThatFits
  case fixed(width: CGFloat, height: CGFloat)
}
