import LoginShared
import ObservingViews

#if os(Linux) || os(Windows) || os(Android) || os(WASI) || os(OpenBSD)
  import HeadlessUI
#else
  import SwiftUI
#endif

/// The login screen: the view model's state, a "Log in" button, and the server's messages.
///
/// The view owns everything it starts: the view model (created once, held by `@StateObject`), the
/// collections (`ObservingView`'s and the messages `.task`) and the login call (a `.task(id:)` that a
/// tap restarts). Leaving the screen cancels them all.
public struct LoginView: View {
  @StateObject private var holder = Remember(LoginViewModel())
  @State private var messages: [String] = []
  @State private var loginAttempt = 0
  @State private var loginError: String?
  private let user: String
  private let password: String

  /// `user` and `password` stand for the form's text fields.
  public init(user: String, password: String) {
    self.user = user
    self.password = password
  }

  public var body: some View {
    let viewModel = holder.value
    VStack {
      ObservingView(stateFlow: viewModel.state) { state in
        switch state {
        case .idle:
          Text("Please log in")
          Button("Log in") { loginAttempt += 1 }
        case .loading:
          Text("Logging in…")
        case .loggedIn(let user):
          Text("Hello, \(user)")
          Button("Log out") { viewModel.logout() }
        case .failed(let reason):
          Text("Login failed: \(reason)")
          Button("Log in") { loginAttempt += 1 }
        }
      }
      if let loginError { Text("Error: \(loginError)") }
      ForEach(messages, id: \.self) { message in Text(message) }
    }
    .task(id: loginAttempt) {
      guard loginAttempt > 0 else { return }  // no tap yet
      loginError = nil
      do {
        _ = try await viewModel.login(user: user, password: password)
      } catch let exception as ExportedKotlinPackages.kotlin.Throwable {
        loginError = "\(exception.simpleClassName): \(exception.message ?? "")"
      } catch {
        // CancellationError: the view went away, or a new attempt replaced this one
      }
    }
    .task {
      do {
        for try await list in viewModel.messages.asAsyncSequence() { messages = list }
      } catch {
        // CancellationError: the view went away
      }
    }
  }
}
