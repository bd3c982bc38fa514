import FlowTesting
import HeadlessUI
import KotlinFixtures
import Testing

/// Seed 002's `ContentView`, with the `Store` construction counted: the `@StateObject` autoclosure
/// must run once per identity, however often the view is re-initialised by its parent.
private struct CountingContentView: View {
  @StateObject private var storeHolder: Remember<Store>

  init(constructions: Counter) {
    _storeHolder = StateObject(wrappedValue: Remember(Self.makeStore(counting: constructions)))
  }

  private static func makeStore(counting constructions: Counter) -> Store {
    constructions.increment()
    return Store()
  }

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

/// Re-renders (and so re-initialises `CountingContentView`) whenever "re-render parent" is tapped.
private struct RerenderingParent: View {
  let constructions: Counter
  @State private var parentRenders = 0

  var body: some View {
    VStack {
      Text("parent render \(parentRenders)")
      Button("re-render parent") { parentRenders += 1 }
      CountingContentView(constructions: constructions)
    }
  }
}

@MainActor
@Suite(.kotlinLeakCheck, .timeLimit(.minutes(1)))
struct Seed002StoreLifetimeTests {
  @Test("The Store is constructed once across 10 increments and 3 parent re-renders")
  func storeConstructedOnce() async throws {
    let constructions = Counter()
    let host = HeadlessHost(RerenderingParent(constructions: constructions))
    try await host.settle()
    for tap in 1...10 {
      try host.tap("increment")
      try await host.settle()
      if tap.isMultiple(of: 3) {
        try host.tap("re-render parent")
        try await host.settle()
      }
    }
    #expect(constructions.value == 1)
    assertSnapshot(of: host.transcript)
    await host.unmount()
    #expect(constructions.value == 1)
    #expect(host.render() == "")
  }

  @Test("unmount() leaves zero live collections when it returns, every time (300 mounts)")
  func unmountReleasesCollections() async throws {
    let scope = KotlinRuntimeScope.current!
    var leftovers: [Int] = []
    for run in 1...300 {
      let host = HeadlessHost(ContentView())
      try await host.settle()
      try host.tap("increment")
      try await host.settle()
      #expect(scope.snapshot().liveCollections == 1)
      await host.unmount()
      if scope.snapshot().liveCollections != 0 { leftovers.append(run) }
      #expect(host.frames.last == "")
    }
    // HeadlessHost.unmount(): "every `.task` is cancelled (and awaited, so Kotlin collections are
    // released when this returns)".
    #expect(leftovers == [], "runs where a collection was still live right after unmount()")
  }
}
