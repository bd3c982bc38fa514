import HeadlessUI
import Shared

/// Seed 002's `Remember`: holds a value created once per view identity (via `@StateObject`).
public final class Remember<T>: ObservableObject {
  public let value: T

  public init(_ initialValue: @autoclosure () -> T) {
    self.value = initialValue()
  }
}

/// Seed 002's `ObservingView`: collects a flow in `.task` and keeps the latest value in `@State`.
public struct ObservingView<T, Content: View>: View {
  @State private var state: T
  private let flow: any KotlinTypedFlow<T>
  private let content: (T) -> Content

  public init(
    flow: any KotlinTypedFlow<T>,
    initialValue: T,
    @ViewBuilder content: @escaping (T) -> Content
  ) {
    self._state = State(wrappedValue: initialValue)
    self.flow = flow
    self.content = content
  }

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

/// Seed 002's `ContentView`: the counter.
public struct CounterView: View {
  @StateObject private var storeHolder = Remember(Store())

  public init() {}

  public var body: some View {
    let store = storeHolder.value
    ObservingView(stateFlow: store.state) { state in
      VStack {
        Text("\(state)")
        Button("increment") {
          store.increment()
        }
      }
    }
  }
}
