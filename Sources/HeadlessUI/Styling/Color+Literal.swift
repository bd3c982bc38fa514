// `#colorLiteral(red:green:blue:alpha:)` (Xcode's color well) where a `Color` is expected:
// `Color(#colorLiteral(…))`, `let c: Color = #colorLiteral(…)`, `.foregroundColor(#colorLiteral(…))`.
// On iOS the literal builds a `UIColor` (UIKit's `_ColorLiteralType`) and `Color` has an initialiser
// from it; UIKit is not modelled here, so `Color` takes the literal itself. `Color(literal)` is then a
// literal coerced to `Color`, which is why this conformance is all it takes. A literal with no `Color`
// in sight (`let c = #colorLiteral(…)`) has no type here, as there is no `UIColor`.
extension Color: _ExpressibleByColorLiteral {
  public init(_colorLiteralRed red: Float, green: Float, blue: Float, alpha: Float) {
    self.init(red: Double(red), green: Double(green), blue: Double(blue), opacity: Double(alpha))
  }
}
