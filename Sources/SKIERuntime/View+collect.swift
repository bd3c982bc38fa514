import SwiftUI

extension View {
  /// Collects `flow` in this view's task (started when the view appears, cancelled when it leaves),
  /// setting each value into `binding`.
  ///
  /// ```swift
  /// @State var counter: Int32 = 0
  /// var body: some View {
  ///   Text("Tick #\(counter)").collect(flow: viewModel.counter, into: $counter)
  /// }
  /// ```
  public func collect<Flow: SkieSwiftFlowProtocol>(
    flow: Flow, into binding: Binding<Flow.Element>, animation: Animation? = nil
  ) -> some View {
    collect(flow: flow) { newValue in
      withAnimation(animation) { binding.wrappedValue = newValue }
    }
  }

  /// Collects `flow` into `binding`, transforming each value first; a `nil` from `transform` is
  /// skipped.
  ///
  /// ```swift
  /// Text(label).collect(flow: viewModel.counter, into: $label) { "Tick #\($0)" }
  /// ```
  public func collect<Flow: SkieSwiftFlowProtocol, U>(
    flow: Flow, into binding: Binding<U>, animation: Animation? = nil,
    transform: @escaping @MainActor (Flow.Element) async -> U?
  ) -> some View {
    collect(flow: flow) { newValue in
      if let transformed = await transform(newValue) {
        withAnimation(animation) { binding.wrappedValue = transformed }
      }
    }
  }

  /// Collects `flow` in this view's task, calling `perform` with each value.
  ///
  /// ```swift
  /// Text("Sum \(sum)").collect(flow: viewModel.counter) { value in sum += value }
  /// ```
  public func collect<Flow: SkieSwiftFlowProtocol>(
    flow: Flow, perform: @escaping @MainActor (Flow.Element) async -> Void
  ) -> some View {
    task {
      for await item in flow {
        await perform(item)
      }
    }
  }
}
