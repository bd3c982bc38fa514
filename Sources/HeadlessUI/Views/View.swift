/// A piece of user interface, as in SwiftUI: a value whose `body` describes other views.
///
/// ```swift
/// struct Greeting: View {
///   let name: String
///   var body: some View { Text("Hello, \(name)!") }
/// }
/// ```
@MainActor @preconcurrency
public protocol View {
  associatedtype Body: View
  @ViewBuilder var body: Body { get }
}

extension Never: View {
  public typealias Body = Never
  public var body: Never { fatalError("Never has no body") }
}

/// Views that draw themselves (Text, Button, stacks, modifiers) instead of having a `body`.
///
/// The library's views are nonisolated values with main-actor `body` and `makeContent()`, as
/// Apple's views are (`nonisolated struct VStack`): they can be built, and modified, outside the
/// main actor. A conformance to `View` written on a type would make the whole type main-actor, so
/// each view is either declared `nonisolated struct` (SE-0449) or conforms in an extension (values
/// apps keep in theme files: `Color`, `Text`, `Image`, shapes). SwiftUI-isolation.md lists the few
/// that stay main-actor, and why.
@MainActor
protocol PrimitiveView {
  /// What this view contributes to the frame and which child views it has.
  func makeContent() -> PrimitiveContent
}

extension PrimitiveView {
  /// Primitive views never have their `body` read: the renderer asks `makeContent()` instead.
  func primitiveBodyNeverCalled(_ type: Any.Type) -> Never {
    preconditionFailure("Invalid state: body of primitive view \(type) was read")
  }
}
