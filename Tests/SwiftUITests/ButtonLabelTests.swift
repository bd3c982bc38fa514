import HeadlessUI
import SwiftUI
import Testing

struct LabelledButtons: View {
  @State private var log: [String] = []
  @State private var locked = false

  var body: some View {
    VStack {
      Button {
        log.append("add")
      } label: {
        Label("Add", systemImage: "plus")
      }
      Button(action: { log.append("star") }) {
        HStack {
          Image(systemName: "star")
          Text("Favourite")
          Text("(\(log.count))")
        }
      }
      Button {
        log.append("trash")
      } label: {
        Image(systemName: "trash")
      }
      Button("Lock") { locked = true }
      Button("Secret", role: .destructive) { log.append("secret") }
        .disabled(locked)
      Text(log.joined(separator: ","))
    }
  }
}

/// Button(action:label:) with any label; disabled buttons are marked and refuse taps.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct ButtonLabelTests {
  @Test("A button's title is its label's text (or its image name); taps find it by that title")
  func labels() async throws {
    let host = HeadlessHost(LabelledButtons())
    try host.tap("Add")
    try host.tap("Favourite (1)")
    try host.tap("trash")
    #expect(
      host.render()
        == """
        VStack
          Button "Add"
          Button "Favourite (3)"
          Button "trash"
          Button "Lock"
          Button "Secret"
          Text "add,star,trash"
        """)
    await host.unmount()
  }

  @Test("A disabled button is drawn `disabled` and tapping it throws .disabled")
  func disabled() async throws {
    let host = HeadlessHost(LabelledButtons())
    try host.tap("Lock")
    #expect(host.render().contains("Button \"Secret\" disabled"))
    let error = #expect(throws: HeadlessHostError.self) { try host.tap("Secret") }
    #expect(error?.code == .disabled)
    #expect(error?.message == "tap(\"Secret\"): the button is disabled")
    await host.unmount()
  }
}
