// Values that styling modifiers take. None of them is drawn: frames show what a test reasons about
// (text, controls, state), not appearance.

/// A font (not drawn).
///
/// ```swift
/// Text("Title").font(.system(size: 20, weight: .bold))
/// ```
public struct Font: Hashable, Sendable {
  let name: String

  public static let largeTitle = Font(name: "largeTitle")
  public static let title = Font(name: "title")
  public static let title2 = Font(name: "title2")
  public static let title3 = Font(name: "title3")
  public static let headline = Font(name: "headline")
  public static let subheadline = Font(name: "subheadline")
  public static let body = Font(name: "body")
  public static let callout = Font(name: "callout")
  public static let footnote = Font(name: "footnote")
  public static let caption = Font(name: "caption")
  public static let caption2 = Font(name: "caption2")

  public static func system(size: CGFloat, weight: Weight = .regular, design: Design = .default) -> Font {
    Font(name: "system \(size)")
  }

  public static func system(_ style: TextStyle, design: Design = .default, weight: Weight? = nil) -> Font {
    Font(name: "system \(style)")
  }

  public static func custom(_ name: String, size: CGFloat) -> Font { Font(name: name) }
  public static func custom(_ name: String, size: CGFloat, relativeTo textStyle: TextStyle) -> Font { Font(name: name) }

  public func weight(_ weight: Weight) -> Font { self }
  public func bold() -> Font { self }
  public func italic() -> Font { self }
  public func monospacedDigit() -> Font { self }

  public struct Weight: Hashable, Sendable {
    let value: Int
    public static let ultraLight = Weight(value: 1)
    public static let thin = Weight(value: 2)
    public static let light = Weight(value: 3)
    public static let regular = Weight(value: 4)
    public static let medium = Weight(value: 5)
    public static let semibold = Weight(value: 6)
    public static let bold = Weight(value: 7)
    public static let heavy = Weight(value: 8)
    public static let black = Weight(value: 9)
  }

  public enum Design: Hashable, Sendable { case `default`, serif, rounded, monospaced }

  public enum TextStyle: Hashable, Sendable {
    case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2
  }
}

/// Something that fills or strokes: a color, a gradient, a material (not drawn).
public protocol ShapeStyle {}

/// A color (SwiftUI's `Color`): a nonisolated, `Sendable` value, as Apple's is, so theme files can
/// hold colors in `static let`s and extensions of `Color` (`init(hex:)`) are not main-actor code. As
/// a view it draws nothing (appearance is not modelled); its `View` conformance is in Color+View.swift,
/// in an extension, because a conformance to `View` (a main-actor protocol) written on the type itself
/// would make the whole type, and every user extension of it, main-actor isolated.
///
/// ```swift
/// enum Theme {
///   static let accent = Color(red: 0.2, green: 0.4, blue: 0.9)
///   static let brand = Color(#colorLiteral(red: 0.1, green: 0.6, blue: 0.3, alpha: 1))
/// }
/// ZStack { Theme.accent.ignoresSafeArea(); Text("Hi") }
/// ```
public struct Color: ShapeStyle, Hashable, Sendable {
  let name: String

  public init(_ name: String, bundle: Bundle? = nil) { self.name = name }
  public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
    name = "rgb(\(red),\(green),\(blue))"
  }
  public init(white: Double, opacity: Double = 1) { name = "white(\(white))" }
  public init(hue: Double, saturation: Double, brightness: Double, opacity: Double = 1) { name = "hsb" }

  public static let clear = Color("clear")
  public static let black = Color("black")
  public static let white = Color("white")
  public static let gray = Color("gray")
  public static let red = Color("red")
  public static let orange = Color("orange")
  public static let yellow = Color("yellow")
  public static let green = Color("green")
  public static let mint = Color("mint")
  public static let teal = Color("teal")
  public static let cyan = Color("cyan")
  public static let blue = Color("blue")
  public static let indigo = Color("indigo")
  public static let purple = Color("purple")
  public static let pink = Color("pink")
  public static let brown = Color("brown")
  public static let primary = Color("primary")
  public static let secondary = Color("secondary")
  public static let accentColor = Color("accentColor")

  public func opacity(_ opacity: Double) -> Color { self }
}

extension ShapeStyle where Self == Color {
  public static var red: Color { .red }
  public static var blue: Color { .blue }
  public static var green: Color { .green }
  public static var gray: Color { .gray }
  public static var white: Color { .white }
  public static var black: Color { .black }
  public static var orange: Color { .orange }
  public static var accentColor: Color { .accentColor }
}

/// The hierarchical styles (`.primary`, `.secondary`, …) for `foregroundStyle` (not drawn).
public struct HierarchicalShapeStyle: ShapeStyle, Sendable {
  public static let primary = HierarchicalShapeStyle()
  public static let secondary = HierarchicalShapeStyle()
  public static let tertiary = HierarchicalShapeStyle()
}

extension ShapeStyle where Self == HierarchicalShapeStyle {
  public static var primary: HierarchicalShapeStyle { .primary }
  public static var secondary: HierarchicalShapeStyle { .secondary }
  public static var tertiary: HierarchicalShapeStyle { .tertiary }
}

/// A blur material (not drawn).
public struct Material: ShapeStyle, Sendable {
  public static let ultraThinMaterial = Material()
  public static let thinMaterial = Material()
  public static let regularMaterial = Material()
  public static let thickMaterial = Material()
}

extension ShapeStyle where Self == Material {
  public static var ultraThinMaterial: Material { .ultraThinMaterial }
  public static var thinMaterial: Material { .thinMaterial }
  public static var regularMaterial: Material { .regularMaterial }
}

/// A gradient's colors (not drawn).
public struct Gradient: Sendable {
  public init(colors: [Color]) {}
}

/// A linear gradient (not drawn). Nonisolated and `Sendable`, as Apple's is, so a theme can hold one
/// in a `static let` (its `View` conformance is in Shapes+View.swift; see Color).
public struct LinearGradient: ShapeStyle, Sendable {
  public init(gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) {}
  public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {}
}

/// A point in a unit square (layout only).
public struct UnitPoint: Hashable, Sendable {
  public var x: CGFloat
  public var y: CGFloat
  public init(x: CGFloat, y: CGFloat) {
    self.x = x
    self.y = y
  }
  public static let zero = UnitPoint(x: 0, y: 0)
  public static let center = UnitPoint(x: 0.5, y: 0.5)
  public static let top = UnitPoint(x: 0.5, y: 0)
  public static let bottom = UnitPoint(x: 0.5, y: 1)
  public static let leading = UnitPoint(x: 0, y: 0.5)
  public static let trailing = UnitPoint(x: 1, y: 0.5)
  public static let topLeading = UnitPoint(x: 0, y: 0)
  public static let topTrailing = UnitPoint(x: 1, y: 0)
  public static let bottomLeading = UnitPoint(x: 0, y: 1)
  public static let bottomTrailing = UnitPoint(x: 1, y: 1)
}

/// A shape (not drawn): `Rectangle()`, `RoundedRectangle(cornerRadius:)`, `Circle()`, `Capsule()`.
/// Shapes are nonisolated, `Sendable` values, as Apple's are: their `View` conformances are in
/// Shapes+View.swift (see Color), and `fill` / `stroke` are nonisolated.
public protocol Shape: View, Sendable {}

extension Shape {
  nonisolated public func fill(_ style: some ShapeStyle = Color.primary) -> Self { self }
  nonisolated public func stroke(_ style: some ShapeStyle, lineWidth: CGFloat = 1) -> Self { self }
  nonisolated public func stroke(lineWidth: CGFloat = 1) -> Self { self }
}

/// Shapes draw nothing; they only differ in type.
public struct Rectangle: Sendable {
  public init() {}
}

public struct RoundedRectangle: Sendable {
  public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .circular) {}
  public init(cornerSize: CGSize, style: RoundedCornerStyle = .circular) {}
}

public enum RoundedCornerStyle: Sendable { case circular, continuous }

public struct Circle: Sendable {
  public init() {}
}

public struct Capsule: Sendable {
  public init(style: RoundedCornerStyle = .circular) {}
}

public struct Ellipse: Sendable {
  public init() {}
}

/// Alignment in two dimensions (layout only).
public struct Alignment: Hashable, Sendable {
  public var horizontal: HorizontalAlignment
  public var vertical: VerticalAlignment
  public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
    self.horizontal = horizontal
    self.vertical = vertical
  }
  public static let center = Alignment(horizontal: .center, vertical: .center)
  public static let leading = Alignment(horizontal: .leading, vertical: .center)
  public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
  public static let top = Alignment(horizontal: .center, vertical: .top)
  public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
  public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
  public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
  public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
  public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)
}

/// Horizontal alignment (layout only).
public struct HorizontalAlignment: Hashable, Sendable {
  let value: Int
  public static let leading = HorizontalAlignment(value: 0)
  public static let center = HorizontalAlignment(value: 1)
  public static let trailing = HorizontalAlignment(value: 2)
}

/// Vertical alignment (layout only).
public struct VerticalAlignment: Hashable, Sendable {
  let value: Int
  public static let top = VerticalAlignment(value: 0)
  public static let center = VerticalAlignment(value: 1)
  public static let bottom = VerticalAlignment(value: 2)
  public static let firstTextBaseline = VerticalAlignment(value: 3)
  public static let lastTextBaseline = VerticalAlignment(value: 4)
}

/// How multi-line text is aligned (not drawn).
public enum TextAlignment: Hashable, Sendable { case leading, center, trailing }

/// Fit or fill (layout only).
public enum ContentMode: Hashable, Sendable { case fit, fill }

/// Edges, for padding and safe areas (layout only).
public enum Edge: Int8, Hashable, Sendable {
  case top, leading, bottom, trailing

  public struct Set: OptionSet, Hashable, Sendable {
    public let rawValue: Int8
    public init(rawValue: Int8) { self.rawValue = rawValue }
    public init(_ edge: Edge) { rawValue = 1 << edge.rawValue }
    public static let top = Set(.top)
    public static let leading = Set(.leading)
    public static let bottom = Set(.bottom)
    public static let trailing = Set(.trailing)
    public static let all: Set = [.top, .leading, .bottom, .trailing]
    public static let horizontal: Set = [.leading, .trailing]
    public static let vertical: Set = [.top, .bottom]
  }
}

/// Insets on each edge (layout only).
public struct EdgeInsets: Hashable, Sendable {
  public var top: CGFloat
  public var leading: CGFloat
  public var bottom: CGFloat
  public var trailing: CGFloat
  public init(top: CGFloat = 0, leading: CGFloat = 0, bottom: CGFloat = 0, trailing: CGFloat = 0) {
    self.top = top
    self.leading = leading
    self.bottom = bottom
    self.trailing = trailing
  }
}

/// An angle, for rotation (not drawn).
public struct Angle: Hashable, Sendable {
  public var radians: Double
  public init(radians: Double) { self.radians = radians }
  public init(degrees: Double) { radians = degrees * .pi / 180 }
  public static func degrees(_ value: Double) -> Angle { Angle(degrees: value) }
  public static func radians(_ value: Double) -> Angle { Angle(radians: value) }
  public static let zero = Angle(radians: 0)
}

/// An animation (not modelled: changes apply at once).
public struct Animation: Hashable, Sendable {
  let name: String
  public static let `default` = Animation(name: "default")
  public static let linear = Animation(name: "linear")
  public static let easeIn = Animation(name: "easeIn")
  public static let easeOut = Animation(name: "easeOut")
  public static let easeInOut = Animation(name: "easeInOut")
  public static let spring = Animation(name: "spring")
  public static func linear(duration: Double) -> Animation { .linear }
  public static func easeIn(duration: Double) -> Animation { .easeIn }
  public static func easeOut(duration: Double) -> Animation { .easeOut }
  public static func easeInOut(duration: Double) -> Animation { .easeInOut }
  public static func spring(response: Double = 0.5, dampingFraction: Double = 0.8, blendDuration: Double = 0)
    -> Animation
  { .spring }
  public func delay(_ delay: Double) -> Animation { self }
  public func speed(_ speed: Double) -> Animation { self }
  public func repeatForever(autoreverses: Bool = true) -> Animation { self }
}

/// Runs `body` at once: animations are not modelled, so the change is what a test sees.
///
/// ```swift
/// Button("Expand") { withAnimation { expanded.toggle() } }
/// ```
@MainActor
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
  try body()
}

/// A transition (not modelled).
public struct AnyTransition: Sendable {
  let name: String
  public static let opacity = AnyTransition(name: "opacity")
  public static let slide = AnyTransition(name: "slide")
  public static let scale = AnyTransition(name: "scale")
  public static let identity = AnyTransition(name: "identity")
  public static func move(edge: Edge) -> AnyTransition { AnyTransition(name: "move") }
  public static func asymmetric(insertion: AnyTransition, removal: AnyTransition) -> AnyTransition { insertion }
  public func combined(with other: AnyTransition) -> AnyTransition { self }
  public func animation(_ animation: Animation?) -> AnyTransition { self }
}

/// Text size preferences (not drawn).
public enum DynamicTypeSize: Hashable, Comparable, Sendable {
  case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
  case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5
}
