import KotlinFixtures
// Seed 002's code, pasted unchanged but for `import KotlinFixtures` (the fixture module): `import SwiftUI` works on Linux as on iOS.
import SwiftUI

final class Remember<T>: ObservableObject {
  let value: T

  init(_ initialValue: @autoclosure () -> T) {
    self.value = initialValue()
  }
}

struct ObservingView<T, Content: View>: View {
  @State private var state: T
  private let flow: any KotlinTypedFlow<T>
  private let content: (T) -> Content

  init(
    flow: any KotlinTypedFlow<T>,
    initialValue: T,
    @ViewBuilder content: @escaping (T) -> Content
  ) {
    self._state = State(wrappedValue: initialValue)
    self.flow = flow
    self.content = content
  }

  init(
    stateFlow: any KotlinTypedStateFlow<T>,
    @ViewBuilder content: @escaping (T) -> Content
  ) {
    self._state = State(wrappedValue: stateFlow.value)
    self.flow = stateFlow
    self.content = content
  }

  var body: some View {
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

struct ContentView: View {
  @StateObject private var storeHolder = Remember(Store())

  var body: some View {
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
