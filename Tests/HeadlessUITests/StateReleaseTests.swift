import HeadlessUI
import Testing

private final class Token {}

/// Holds a `Token` in `@State` and can re-render itself.
private struct StateHolder: View {
  @State private var token: Token
  @State private var count = 0

  init(token: Token) { _token = State(wrappedValue: token) }

  var body: some View {
    Button("count \(count)") { count += 1 }
  }
}

private final class Model: ObservableObject {
  @Published var count = 0
}

/// Owns a `Model` through `@StateObject`; a tap re-renders it.
private struct StateObjectHolder: View {
  @StateObject private var model: Model

  init(model: Model) { _model = StateObject(wrappedValue: model) }

  var body: some View {
    Button("count \(model.count)") { model.count += 1 }
  }
}

/// State a view owns goes when the view leaves the tree (HeadlessHost.unmount(): "state is
/// dropped"). Nothing else holds these objects, so they must be deallocated by then.
@MainActor
@Suite
struct StateReleaseTests {
  @Test("@State's value is released on unmount", arguments: [0, 1])
  func stateReleased(selfRenders: Int) async throws {
    var token: Token? = Token()
    weak let probe = token
    let host = HeadlessHost(StateHolder(token: token!))
    token = nil
    for _ in 0..<selfRenders {
      try host.tap("count 0")
      try await host.settle()
    }
    await host.unmount()
    #expect(probe == nil, "the @State value outlived its view (self re-renders: \(selfRenders))")
  }

  @Test("@StateObject's object is released on unmount", arguments: [0, 1])
  func stateObjectReleased(selfRenders: Int) async throws {
    var model: Model? = Model()
    weak let probe = model
    let host = HeadlessHost(StateObjectHolder(model: model!))
    model = nil
    for _ in 0..<selfRenders {
      try host.tap("count 0")
      try await host.settle()
    }
    await host.unmount()
    #expect(probe == nil, "the @StateObject outlived its view (self re-renders: \(selfRenders))")
  }
}
