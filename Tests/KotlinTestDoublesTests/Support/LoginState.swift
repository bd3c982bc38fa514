/// A Kotlin sealed interface of data objects and data classes, as a user's fake would model it:
/// ```kotlin
/// sealed interface LoginState {
///   data object Idle : LoginState
///   data object Loading : LoginState
///   data class LoggedIn(val user: String) : LoginState
///   data class Failed(val reason: String) : LoginState
/// }
/// ```
enum LoginState: Equatable, Sendable {
  case idle
  case loading
  case loggedIn(user: String)
  case failed(reason: String)
}

/// A plain Kotlin class (no equals override): compared by identity.
final class Session: Sendable {
  let token: String
  init(token: String) { self.token = token }
}

/// A value type with no Kotlin equality.
struct Uncomparable: Sendable {
  let payload: Int
}
