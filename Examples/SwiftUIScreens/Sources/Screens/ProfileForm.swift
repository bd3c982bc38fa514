import Combine
import KotlinFixtures
import SwiftUI

public enum Theme: String, CaseIterable, Identifiable {
  case system, light, dark
  public var id: String { rawValue }
  var title: String { rawValue.capitalized }
}

/// A form with fields, a toggle and a picker. Saving increments the Kotlin `Store`, whose
/// `StateFlow<Int>` the form observes to show how often it was saved.
@MainActor
public final class ProfileViewModel: ObservableObject {
  @Published public var name = ""
  @Published public var password = ""
  @Published public var notifications = true
  @Published public var theme = Theme.system
  @Published public private(set) var canSave = false
  @Published public private(set) var saves: Int32 = 0

  private let store: Store
  private var cancellables = Set<AnyCancellable>()

  public init(store: Store = Store()) {
    self.store = store
    saves = store.state.value
    $name.combineLatest($password)
      .map { name, password in
        !name.trimmingCharacters(in: .whitespaces).isEmpty && password.count >= 4
      }
      .removeDuplicates()
      .assign(to: &$canSave)
  }

  func observeSaves() async {
    do {
      for try await count in store.state.asAsyncSequence() {
        saves = count
      }
    } catch {}
  }

  func save() {
    store.increment()
  }
}

public struct ProfileFormScreen: View {
  @StateObject private var model = ProfileViewModel()
  @State private var savedMessage: String?

  public init() {}

  public var body: some View {
    NavigationView {
      Form {
        Section(header: Text("Account")) {
          TextField("Name", text: $model.name)
            .textInputAutocapitalization(.words)
            .autocorrectionDisabled()
          SecureField("Password", text: $model.password)
        }
        Section("Preferences") {
          Toggle("Notifications", isOn: $model.notifications)
          Picker("Theme", selection: $model.theme) {
            ForEach(Theme.allCases) { theme in
              Text(theme.title).tag(theme)
            }
          }
          .pickerStyle(.segmented)
        }
        Section {
          Button("Save") {
            model.save()
            savedMessage = "Saved \(model.name)"
          }
          .disabled(!model.canSave)
          if let savedMessage {
            Text(savedMessage)
              .font(.footnote)
          }
        } footer: {
          Text("Saved \(model.saves) times")
        }
      }
      .navigationTitle("Profile")
    }
    .navigationViewStyle(.stack)
    .task {
      await model.observeSaves()
    }
  }
}
