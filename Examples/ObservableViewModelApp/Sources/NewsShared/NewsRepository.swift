import KotlinTestDoubles

/// `class NewsRepository(api: NewsApi)`, faked: a scripted server. Each call of
/// ``latestHeadlines()`` takes 800 ms (on the Kotlin scope's clock) and gives the next scripted
/// answer; after the last one it keeps giving the last.
public final class NewsRepository: KotlinObject, @unchecked Sendable {
  // @unchecked Sendable: `answers` is immutable; the call counter is a Kotlin state flow (atomic).

  /// One answer of the server.
  public enum Answer: Sendable {
    case headlines([String])
    /// The server fails: `latestHeadlines()` throws Kotlin's `io.ktor.client.plugins.ServerResponseException`.
    case failure(String)
  }

  private let answers: [Answer]
  private let calls = MutableStateFlow<Int32>(0)

  /// A server that answers `answers` in order.
  public init(answers: [Answer]) {
    precondition(!answers.isEmpty, "NewsRepository(answers:): give the server at least one answer")
    self.answers = answers
    super.init(className: "com.example.news.NewsRepository")
  }

  /// The default server: two headlines, then a failure, then three headlines.
  public convenience init() {
    self.init(answers: [
      .headlines(["Kotlin 2.3 released", "Swift 6.2 released"]),
      .failure("Server error 503: Service Unavailable"),
      .headlines(["Kotlin 2.3 released", "Swift 6.2 released", "KMP-ObservableViewModel 1.0"]),
    ])
  }

  /// `suspend fun latestHeadlines(): List<String>`. Call it from a Kotlin coroutine (a
  /// `viewModelScope.coroutineScope.launch { }` body): its delay runs on that coroutine.
  public func latestHeadlines() async throws -> [String] {
    var call: Int32 = 0
    calls.update { current in
      call = current
      return current + 1
    }
    try await delay(800)
    switch answers[min(Int(call), answers.count - 1)] {
    case .headlines(let headlines):
      return headlines
    case .failure(let message):
      throw ExportedKotlinPackages.kotlin.Throwable.make(
        kotlinClassName: "io.ktor.client.plugins.ServerResponseException", message: message)
    }
  }
}
