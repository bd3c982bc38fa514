// `#imageLiteral(resourceName:)` (Xcode's image well) where an `Image` is expected:
// `Image(#imageLiteral(resourceName: "logo"))`, `let logo: Image = #imageLiteral(resourceName: "logo")`.
// On iOS the literal builds a `UIImage` (UIKit is not modelled here); `Image` takes it itself, as an
// image named by the resource.
extension Image: _ExpressibleByImageLiteral {
  public init(imageLiteralResourceName path: String) { self.init(path) }
}
