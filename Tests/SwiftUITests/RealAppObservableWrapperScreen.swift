// A login form in the style of KMP apps that wrap any Kotlin view model in a generic
// ObservableObject and call `objectWillChange.send()` from a flow-watching callback (the
// moko-mvvm / "ObservableViewModel<VM>" pattern), with an app-wide @EnvironmentObject session and
// gestures on a card. Written for this package; only `import SwiftUI`, as in an app's iosApp/.
import SwiftUI

/// Stands in for a Kotlin view model: plain properties plus a watch callback that fires on every
/// state change (what a Kotlin `StateFlow.watch { }` helper does).
final class KotlinLoginViewModel {
  var login = ""
  var password = ""
  var isLoading = false
  var signedInAs: String?
  private var watchers: [() -> Void] = []

  func watch(_ onChange: @escaping () -> Void) { watchers.append(onChange) }

  func onLoginPressed() {
    isLoading = true
    watchers.forEach { $0() }
  }

  /// The Kotlin side finishes the request.
  func complete() {
    isLoading = false
    signedInAs = login
    watchers.forEach { $0() }
  }
}

/// The generic wrapper: SwiftUI observes this, and it re-publishes the Kotlin model's changes.
final class ObservableViewModel<VM: KotlinLoginViewModel>: ObservableObject {
  let kotlin: VM

  init(_ kotlin: VM) {
    self.kotlin = kotlin
    kotlin.watch { [weak self] in self?.objectWillChange.send() }
  }
}

final class AppSession: ObservableObject {
  @Published var user: String?
}

struct LoginCard: View {
  @ObservedObject var viewModel: ObservableViewModel<KotlinLoginViewModel>
  @EnvironmentObject var session: AppSession
  @State private var pressed = false
  @State private var favourite = false

  var body: some View {
    VStack(spacing: 16) {
      TextField("Login", text: binding(\.login))
        .textFieldStyle(.roundedBorder)
      SecureField("Password", text: binding(\.password))
      if viewModel.kotlin.isLoading {
        ProgressView()
      } else {
        Button("Log in") { viewModel.kotlin.onLoginPressed() }
          .disabled(viewModel.kotlin.login.isEmpty)
      }
      if let user = viewModel.kotlin.signedInAs {
        Text("Welcome, \(user)")
      }
      Text(favourite ? "favourite" : "not favourite")
        .highPriorityGesture(TapGesture().onEnded { favourite.toggle() })
      Text("Session: \(session.user ?? "none")")
    }
    .padding()
    .scaleEffect(pressed ? 0.97 : 1)
    .simultaneousGesture(
      DragGesture(minimumDistance: 0)
        .onChanged { _ in pressed = true }
        .onEnded { _ in pressed = false }
    )
    .onChange(of: viewModel.kotlin.signedInAs) { _, user in session.user = user }
  }

  /// A binding into the Kotlin model that tells SwiftUI about the change (what moko-mvvm's
  /// `binding(_:)` helpers do).
  private func binding(_ keyPath: ReferenceWritableKeyPath<KotlinLoginViewModel, String>) -> Binding<String> {
    let viewModel = self.viewModel
    return Binding(
      get: { viewModel.kotlin[keyPath: keyPath] },
      set: { value in
        viewModel.objectWillChange.send()
        viewModel.kotlin[keyPath: keyPath] = value
      })
  }
}

struct LoginScreen: View {
  @StateObject private var viewModel: ObservableViewModel<KotlinLoginViewModel>

  init(kotlin: KotlinLoginViewModel) {
    _viewModel = StateObject(wrappedValue: ObservableViewModel(kotlin))
  }

  var body: some View {
    NavigationView {
      LoginCard(viewModel: viewModel)
        .navigationBarTitle("Sign in", displayMode: .inline)
    }
  }
}
