import KotlinBridge

#if os(Linux) || os(Windows) || os(Android) || os(WASI) || os(OpenBSD)
  import HeadlessUI
#else
  import SwiftUI
#endif

/// Seed 002's `ObservingView`: collects a Kotlin flow in `.task` and draws `content` with the latest
/// value, kept in `@State` (like Compose's `collectAsState()`).
///
/// The collection starts when the view appears and is cancelled when it disappears (SwiftUI cancels
/// a view's `.task`), which cancels the Kotlin collection. On Apple platforms this is a SwiftUI view;
/// on Linux it is drawn by HeadlessUI, so the same code can be tested headlessly.
///
/// ```swift
/// ObservingView(stateFlow: store.state) { state in
///   VStack {
///     Text("\(state)")
///     Button("increment") { store.increment() }
///   }
/// }
///
/// ObservingView(flow: viewModel.messages, initialValue: []) { messages in
///   ForEach(messages, id: \.self) { Text($0) }
/// }
/// ```
@available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)  // SwiftUI's `.task`; no effect on Linux
public struct ObservingView<T, Content: View>: View {
  @State private var state: T
  private let flow: any KotlinTypedFlow<T>
  private let content: (T) -> Content

  /// Shows `initialValue` until `flow` emits, then each value it emits.
  public init(
    flow: any KotlinTypedFlow<T>,
    initialValue: T,
    @ViewBuilder content: @escaping (T) -> Content
  ) {
    self._state = State(wrappedValue: initialValue)
    self.flow = flow
    self.content = content
  }

  /// Shows the state flow's current value, then each value it takes.
  public init(
    stateFlow: any KotlinTypedStateFlow<T>,
    @ViewBuilder content: @escaping (T) -> Content
  ) {
    self._state = State(wrappedValue: stateFlow.value)
    self.flow = stateFlow
    self.content = content
  }

  public var body: some View {
    content(state)
      .task {
        do {
          for try await value in flow.asAsyncSequence() {
            state = value
          }
        } catch is CancellationError {
          // cancelled
        } catch {
          assertionFailure("Flow<\(T.self)> collection failed: \(error)")
        }
      }
  }
}
