import HeadlessUI
import SwiftUI
import Testing

/// A checklist row: tapping the row opens the item; the toggle inside the row's button flips it.
struct ChecklistRow: View {
  let title: String
  @Binding var done: Bool
  let open: () -> Void

  var body: some View {
    Button(action: open) {
      HStack {
        Toggle("", isOn: $done)
        Text(title)
      }
    }
  }
}

struct Checklist: View {
  @State private var milk = false
  @State private var eggs = true
  @State private var opened = ""

  var body: some View {
    VStack {
      ChecklistRow(title: "Milk", done: $milk) { opened = "Milk" }
      ChecklistRow(title: "Eggs", done: $eggs) { opened = "Eggs" }
      Text("opened: \(opened)")
    }
  }
}

/// A favourite button whose label is an SF Symbol, in a list row, as KMP apps write it.
struct FavouriteRow: View {
  @State private var isFavourite = false

  var body: some View {
    List {
      HStack {
        Text("Kotlin")
        Spacer()
        Button {
          isFavourite.toggle()
        } label: {
          Image(systemName: isFavourite ? "heart.fill" : "heart")
            .foregroundColor(isFavourite ? .red : .gray)
        }
      }
    }
  }
}

/// Controls inside a button's label are drawn under the button and can be driven (issue 28, item 6).
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct ControlsInLabelTests {
  @Test("A toggle in a button's label is drawn under the button; the button's title is the rest")
  func toggleInButton() async throws {
    let host = HeadlessHost(Checklist())
    #expect(
      host.render() == """
        VStack
          Button "Milk"
            Toggle "" off
          Button "Eggs"
            Toggle "" on
          Text "opened: "
        """)
    try host.tap("Eggs")
    #expect(host.render().contains("Text \"opened: Eggs\""))
    await host.unmount()
  }

  @Test("toggle(_:) finds toggles inside button labels (two untitled ones are ambiguous)")
  func drivingToggleInButton() async throws {
    let host = HeadlessHost(Checklist())
    let error = #expect(throws: HeadlessHostError.self) { try host.toggle("") }
    #expect(error?.code == .ambiguous)
    #expect(error?.message == "toggle(\"\"): 2 controls have that title; on screen: toggle \"\", toggle \"\"")
    await host.unmount()

    var done = false
    let row = HeadlessHost(ChecklistRow(title: "Milk", done: Binding(get: { done }, set: { done = $0 })) {})
    try row.toggle("")
    #expect(done)
    #expect(row.render() == "Button \"Milk\"\n  Toggle \"\" on")
    await row.unmount()
  }

  @Test("A button whose label is an image is drawn and tapped by the image's name")
  func imageLabel() async throws {
    let host = HeadlessHost(FavouriteRow())
    try host.tap("heart")
    #expect(
      host.render() == """
        List
          HStack
            Text "Kotlin"
            Button "heart.fill"
        """)
    await host.unmount()
  }
}
