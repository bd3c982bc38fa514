import Combine
import HeadlessUI
import SwiftUI
import Testing

protocol NameModel: ObservableObject {
  var name: String { get set }
}

final class PersonModel: NameModel {
  @Published var name = "ann"
}

/// A model with its own objectWillChange publisher (not ObservableObjectPublisher).
final class ManualModel: ObservableObject {
  let objectWillChange = PassthroughSubject<Void, Never>()
  var count = 0 {
    willSet { objectWillChange.send() }
  }
}

struct GenericNameView<Model: NameModel>: View {
  @ObservedObject var model: Model

  init(model: Model) {
    self.model = model  // assigning the wrapped value in init (wrappedValue is settable)
  }

  var body: some View {
    VStack {
      Text(model.name)
      TextField("Name", text: $model.name)
    }
  }
}

struct ManualView: View {
  @ObservedObject var model: ManualModel
  var body: some View { Button("count \(model.count)") { model.count += 1 } }
}

/// The ObservedObject bugs of issue 14: generic models, settable wrappedValue, custom publishers.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct ObservedObjectFixTests {
  @Test("@ObservedObject over a generic model type, assigned in init, re-renders on @Published changes")
  func genericModel() async throws {
    let model = PersonModel()
    let host = HeadlessHost(GenericNameView(model: model))
    try host.type("bob", into: "Name")
    #expect(host.render() == "VStack\n  Text \"bob\"\n  TextField \"Name\" = \"bob\"")
    model.name = "cy"
    #expect(host.render() == "VStack\n  Text \"cy\"\n  TextField \"Name\" = \"cy\"")
    await host.unmount()
  }

  @Test("An ObservableObject whose objectWillChange is a PassthroughSubject re-renders the view")
  func customPublisher() async throws {
    let host = HeadlessHost(ManualView(model: ManualModel()))
    try host.tap("count 0")
    try host.tap("count 1")
    #expect(host.render() == "Button \"count 2\"")
    await host.unmount()
  }
}
