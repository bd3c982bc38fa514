/// Xcode's `#Preview`: compiles on Linux, with its body type-checked as SwiftUI checks it; previews
/// are not run (the macro expands to nothing). Render a view under test with `HeadlessHost` instead.
///
/// ```swift
/// #Preview {
///   CounterView(store: Store())
/// }
///
/// #Preview("Empty list", traits: .sizeThatFitsLayout) {
///   let model = ListModel(items: [])
///   return ItemList(model: model)
/// }
/// ```
@freestanding(declaration)
public macro Preview(_ name: String? = nil, @ViewBuilder body: @escaping @MainActor () -> any View) =
  #externalMacro(module: "PreviewsMacros", type: "PreviewMacro")

/// `#Preview` with layout traits (`.sizeThatFitsLayout`, `.landscapeLeft`, …); traits are ignored.
@freestanding(declaration)
public macro Preview(
  _ name: String? = nil, traits: PreviewTrait<Preview.ViewTraits>,
  _ additionalTraits: PreviewTrait<Preview.ViewTraits>...,
  @ViewBuilder body: @escaping @MainActor () -> any View
) = #externalMacro(module: "PreviewsMacros", type: "PreviewMacro")

/// The namespace of preview traits, as in Apple's DeveloperToolsSupport.
public struct Preview: Sendable {
  /// Traits that apply to a view's preview.
  public enum ViewTraits: Sendable {}
}

/// A preview trait (layout, orientation). Accepted so previews compile; it has no effect here.
public struct PreviewTrait<T>: Sendable {
  let name: String
}

extension PreviewTrait where T == Preview.ViewTraits {
  public static var sizeThatFitsLayout: PreviewTrait { PreviewTrait(name: "sizeThatFitsLayout") }
  public static var defaultLayout: PreviewTrait { PreviewTrait(name: "defaultLayout") }
  public static func fixedLayout(width: Double, height: Double) -> PreviewTrait {
    PreviewTrait(name: "fixedLayout(\(width), \(height))")
  }
  public static var portrait: PreviewTrait { PreviewTrait(name: "portrait") }
  public static var portraitUpsideDown: PreviewTrait { PreviewTrait(name: "portraitUpsideDown") }
  public static var landscapeLeft: PreviewTrait { PreviewTrait(name: "landscapeLeft") }
  public static var landscapeRight: PreviewTrait { PreviewTrait(name: "landscapeRight") }
}
