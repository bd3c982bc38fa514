import HeadlessUI
import KotlinFixtures
import ObservingViews

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
