import Combine
import KotlinFixtures
import SwiftUI

/// A screen with a sheet and an alert over a Kotlin `MutableStateFlow<Int>` (`Subject.counter`):
/// the sheet edits it, the alert confirms resetting it.
@MainActor
public final class CounterEditorViewModel: ObservableObject {
  @Published public private(set) var value: Int32 = 0
  let subject = Subject()

  public init() {}

  func observe() async {
    do {
      for try await value in subject.counter.asAsyncSequence() {
        self.value = value
      }
    } catch {}
  }

  func add(_ amount: Int32) { subject.counter.value = subject.counter.value + amount }
  func reset() { subject.counter.value = 0 }
}

public struct SheetAndAlertScreen: View {
  @StateObject private var model = CounterEditorViewModel()
  @State private var showingEditor = false
  @State private var confirmingReset = false

  public init() {}

  public var body: some View {
    NavigationStack {
      VStack(spacing: 20) {
        Text("Value: \(model.value)")
        Button("Edit") { showingEditor = true }
        Button("Reset", role: .destructive) { confirmingReset = true }
          .disabled(model.value == 0)
      }
      .navigationTitle("Counter")
      .sheet(isPresented: $showingEditor) {
        EditorSheet(model: model)
      }
      .alert("Reset the counter?", isPresented: $confirmingReset) {
        Button("Reset", role: .destructive) { model.reset() }
        Button("Cancel", role: .cancel) {}
      } message: {
        Text("It is \(model.value) now.")
      }
    }
    .task { await model.observe() }
  }
}

struct EditorSheet: View {
  @ObservedObject var model: CounterEditorViewModel
  @Environment(\.dismiss) private var dismiss

  var body: some View {
    NavigationStack {
      VStack {
        Text("Value: \(model.value)")
        HStack {
          Button("+1") { model.add(1) }
          Button("+10") { model.add(10) }
        }
      }
      .navigationTitle("Edit")
      .toolbar {
        ToolbarItem(placement: .confirmationAction) {
          Button("Done") { dismiss() }
        }
      }
    }
  }
}
