/// `sealed interface LoginState` with its data objects and data classes: an `Equatable` enum, so
/// `MutableStateFlow` conflates equal states the way Kotlin's `equals` does.
public enum LoginState: Equatable, Sendable {
  case idle
  case loading
  case loggedIn(user: String)
  case failed(reason: String)
}
