import HeadlessUI
import SwiftUI
import Testing

struct Item: Identifiable {
  let id: Int
}

struct Presenter: View {
  @State private var editing: Item?
  @State private var showingError = false
  @State private var choosing = false
  @State private var log: [String] = []

  var body: some View {
    VStack {
      Text(log.joined(separator: ","))
      Button("Edit 1") { editing = Item(id: 1) }
      Button("Fail") { showingError = true }
      Button("Choose") { choosing = true }
    }
    .sheet(item: $editing, onDismiss: { log.append("sheet closed") }) { item in
      ItemEditor(item: item)
    }
    .alert(isPresented: $showingError) {
      Alert(title: Text("Error"), message: Text("It failed"), dismissButton: .default(Text("OK")) { log.append("ok") })
    }
    .confirmationDialog("Sort by", isPresented: $choosing) {
      Button("Name") { log.append("name") }
      Button("Cancel", role: .cancel) {}
    }
  }
}

struct ItemEditor: View {
  let item: Item
  @State private var edits = 0
  @Environment(\.dismiss) private var dismiss

  var body: some View {
    VStack {
      Text("Item \(item.id): \(edits) edits")
      Button("Edit") { edits += 1 }
      Button("Done") { dismiss() }
    }
  }
}

/// Sheets, old-style alerts and confirmation dialogs: drawn after the presenter; only the topmost
/// presentation can be tapped; dismiss() closes it.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct PresentationTests {
  @Test("sheet(item:) is drawn after its presenter; taps reach only the sheet; Done dismisses it")
  func sheet() async throws {
    let host = HeadlessHost(Presenter())
    try host.tap("Edit 1")
    try host.tap("Edit")
    #expect(
      host.render() == """
        VStack
          Text ""
          Button "Edit 1"
          Button "Fail"
          Button "Choose"
        Sheet
          VStack
            Text "Item 1: 1 edits"
            Button "Edit"
            Button "Done"
        """)
    let error = #expect(throws: HeadlessHostError.self) { try host.tap("Fail") }  // covered by the sheet
    #expect(error?.code == .buttonNotFound)
    try host.tap("Done")
    #expect(host.render().hasPrefix("VStack\n  Text \"sheet closed\""))
    #expect(!host.render().contains("Sheet"))
    await host.unmount()
  }

  @Test("An old-style Alert: its button runs its action and closes the alert")
  func oldAlert() async throws {
    let host = HeadlessHost(Presenter())
    try host.tap("Fail")
    #expect(host.render().hasSuffix("Alert \"Error\"\n  Text \"It failed\"\n  Button \"OK\""))
    try host.tap("OK")
    #expect(host.render().hasPrefix("VStack\n  Text \"ok\""))
    #expect(!host.render().contains("Alert"))
    await host.unmount()
  }

  @Test("A confirmation dialog; host.dismiss() closes it without running an action")
  func dialog() async throws {
    let host = HeadlessHost(Presenter())
    try host.tap("Choose")
    #expect(host.render().contains("ConfirmationDialog \"Sort by\"\n  Button \"Name\"\n  Button \"Cancel\""))
    try host.dismiss()
    #expect(!host.render().contains("ConfirmationDialog"))
    let error = #expect(throws: HeadlessHostError.self) { try host.dismiss() }
    #expect(error?.message == "dismiss(): nothing is presented")
    await host.unmount()
  }
}
