import HeadlessUI
import SwiftUI
import Testing

enum Flavor: String, CaseIterable, Identifiable {
  case vanilla, chocolate
  var id: Self { self }
}

struct Settings: View {
  @State private var name = ""
  @State private var wifi = false
  @State private var flavor = Flavor.vanilla
  @State private var submitted = ""

  var body: some View {
    Form {
      TextField("Name", text: $name)
        .onSubmit { submitted = name }
      Toggle("Wi-Fi", isOn: $wifi)
      Picker("Flavor", selection: $flavor) {
        ForEach(Flavor.allCases) { flavor in
          Text(flavor.rawValue.capitalized).tag(flavor)
        }
      }
      Text("submitted \(submitted)")
      ProgressView(value: 0.25)
    }
  }
}

/// Fields, toggles and pickers: drawn with their state, driven by type, toggle, pick and submit.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct ControlTests {
  @Test("type, toggle, pick and submit change what the controls draw")
  func interactions() async throws {
    let host = HeadlessHost(Settings())
    try host.type("ann", into: "Name")
    try host.toggle("Wi-Fi")
    try host.pick("Chocolate", in: "Flavor")
    try host.submit("Name")
    #expect(
      host.render() == """
        Form
          TextField "Name" = "ann"
          Toggle "Wi-Fi" on
          Picker "Flavor" = "Chocolate"
          Text "submitted ann"
          ProgressView 0.25
        """)
    await host.unmount()
  }

  @Test("Errors name what is missing and what is on screen")
  func errors() async throws {
    let host = HeadlessHost(Settings())
    let noField = #expect(throws: HeadlessHostError.self) { try host.type("x", into: "Email") }
    #expect(
      noField?.message
        == "type(into:)(\"Email\"): no secure field, text field has that title; on screen: text field \"Name\"")
    let noOption = #expect(throws: HeadlessHostError.self) { try host.pick("Mint", in: "Flavor") }
    #expect(noOption?.message == "pick(\"Mint\", in: \"Flavor\"): no such option; options: \"Vanilla\", \"Chocolate\"")
    await host.unmount()
  }
}
