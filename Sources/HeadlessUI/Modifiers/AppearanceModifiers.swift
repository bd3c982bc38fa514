/// A view that runs an action when it appears in the tree. Transparent.
nonisolated public struct OnAppearView<Content: View>: View, PrimitiveView {
  let content: Content
  let action: () -> Void

  @MainActor public var body: Never { primitiveBodyNeverCalled(Self.self) }

  @MainActor func makeContent() -> PrimitiveContent {
    var result = PrimitiveContent.wrapping(content)
    result.lifecycle = .onAppear { action() }
    return result
  }
}

/// A view that runs an action when it leaves the tree. Transparent.
nonisolated public struct OnDisappearView<Content: View>: View, PrimitiveView {
  let content: Content
  let action: () -> Void

  @MainActor public var body: Never { primitiveBodyNeverCalled(Self.self) }

  @MainActor func makeContent() -> PrimitiveContent {
    var result = PrimitiveContent.wrapping(content)
    result.lifecycle = .onDisappear { action() }
    return result
  }
}

extension View {
  /// Runs `action` after the view first appears (once per identity).
  nonisolated public func onAppear(perform action: (() -> Void)? = nil) -> OnAppearView<Self> {
    OnAppearView(content: self, action: action ?? {})
  }

  /// Runs `action` when the view leaves the tree.
  nonisolated public func onDisappear(perform action: (() -> Void)? = nil) -> OnDisappearView<Self> {
    OnDisappearView(content: self, action: action ?? {})
  }
}
