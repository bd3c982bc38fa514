/// One of two views, from an `if/else` or a `switch` in a `@ViewBuilder`. Switching branches
/// changes the child's identity, so its state is dropped, as in SwiftUI.
nonisolated public struct ConditionalContent<TrueContent: View, FalseContent: View>: View, PrimitiveView {
  enum Storage {
    case trueContent(TrueContent)
    case falseContent(FalseContent)
  }

  let storage: Storage

  @MainActor public var body: Never { primitiveBodyNeverCalled(Self.self) }

  @MainActor func makeContent() -> PrimitiveContent {
    switch storage {
    case .trueContent(let content): .wrapping(content, key: true)
    case .falseContent(let content): .wrapping(content, key: false)
    }
  }
}

extension Optional: View where Wrapped: View {
  public typealias Body = Never
  public var body: Never { preconditionFailure("Invalid state: body of Optional<View> was read") }
}

extension Optional: PrimitiveView where Wrapped: View {
  func makeContent() -> PrimitiveContent {
    guard let view = self else { return PrimitiveContent() }
    return .wrapping(view)
  }
}
