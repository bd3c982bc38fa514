@_exported import KotlinCoroutineSupport  // like Swift export's module: KotlinTypedFlow & co. come along
import KotlinTestDoubles

/// `class LoginViewModel` of the Kotlin module (its source is in README.md), faked with the harness's
/// test doubles so that it runs in the Kotlin runtime: counted, on the test's clock, cancellable.
public final class LoginViewModel: KotlinObject, @unchecked Sendable {
  // @unchecked Sendable: immutable stored properties only; the flows are thread-safe.
  private let mutableState = MutableStateFlow<LoginState>(.idle)
  public var state: any KotlinTypedStateFlow<LoginState> { mutableState }

  // A Kotlin Map<String, Int> is a Swift [String: Int32], in Swift export as here.
  private let mutableFailedAttempts = MutableStateFlow<[String: Int32]>([:])
  /// Wrong passwords per user name.
  public var failedAttempts: any KotlinTypedStateFlow<[String: Int32]> { mutableFailedAttempts }

  private let eventChannel = Channel<String>(capacity: .buffered)
  /// One-off events for the screen (each is handled once), such as a welcome toast.
  public var events: any KotlinTypedReceiveChannel<String> { eventChannel }

  public let messages: any KotlinTypedFlow<[String]> = flow { collector in
    try await collector.emit(["Welcome"])
    try await delay(2_000)
    try await collector.emit(["Welcome", "Maintenance tonight"])
    try await delay(3_000)
    try await collector.emit(["Welcome", "Maintenance tonight", "New terms of use"])
  }

  // nonisolated(nonsending): the call starts on its caller's actor (a view task: the main actor)
  // instead of first hopping to the global executor, where a headless host cannot see it. Swift 6.2's
  // NonisolatedNonsendingByDefault makes every nonisolated async function so, Swift export's included.
  nonisolated(nonsending) public func login(user: String, password: String) async throws -> Bool {
    try await kotlinSuspend { [mutableState, mutableFailedAttempts, eventChannel] in
      mutableState.value = .loading
      try await delay(1_000)
      guard !password.isEmpty else {
        mutableState.value = .failed(reason: "Password must not be empty")
        throw EmptyPasswordException()
      }
      let accepted = password == "secret"
      mutableState.value = accepted ? .loggedIn(user: user) : .failed(reason: "Wrong password")
      if !accepted {
        mutableFailedAttempts.update { $0.merging([user: 1], uniquingKeysWith: +) }
      } else {
        _ = eventChannel.trySend(element: "Welcome, \(user)")
      }
      return accepted
    }
  }

  public func logout() { mutableState.value = .idle }
}
