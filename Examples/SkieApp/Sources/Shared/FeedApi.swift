import KotlinTestDoubles

/// `class FeedApi`, faked: a scripted server. `fetchArticles()` takes 1 s and gives the next scripted
/// answer (the last one again once they are used up); `breakingNews` is a cold flow of headlines a
/// few seconds apart, which may end with a failure.
public final class FeedApi: KotlinObject, @unchecked Sendable {
  // @unchecked Sendable: immutable stored properties; the call counter is a Kotlin state flow (atomic).

  /// One answer of `fetchArticles()`.
  public enum Answer: Sendable {
    case articles([String])
    /// Throws Kotlin's `io.ktor.client.network.sockets.SocketTimeoutException`.
    case failure(String)
  }

  private let answers: [Answer]
  /// `val breakingNews: Flow<String>`.
  let breakingNews: ColdFlow<String>
  private let calls = MutableStateFlow<Int32>(0)

  /// A server answering `answers` in order; `breakingNews` emits `news` (one every 1.5 s) and then, if
  /// `newsFailure` is set, throws Kotlin's `IllegalStateException` with it 1.5 s later.
  public init(answers: [Answer], news: [String] = [], newsFailure: String? = nil) {
    precondition(!answers.isEmpty, "FeedApi(answers:): give the server at least one answer")
    self.answers = answers
    self.breakingNews = flow { collector in
      for headline in news {
        try await delay(1_500)
        try await collector.emit(headline)
      }
      if let newsFailure {
        try await delay(1_500)
        throw ExportedKotlinPackages.kotlin.IllegalStateException(message: newsFailure)
      }
    }
    super.init(className: "com.example.feed.FeedApi")
  }

  /// The default server: a timeout, then three articles; one breaking headline.
  public convenience init() {
    self.init(
      answers: [
        .failure("Read timed out"),
        .articles(["SKIE 0.10 released", "Flows in SwiftUI", "Sealed classes as enums"]),
      ],
      news: ["Breaking: Kotlin 2.3 is out"])
  }

  /// `suspend fun fetchArticles(): List<String>`, called from a Kotlin coroutine.
  func fetchArticles() async throws -> [String] {
    var call: Int32 = 0
    calls.update { current in
      call = current
      return current + 1
    }
    try await delay(1_000)
    switch answers[min(Int(call), answers.count - 1)] {
    case .articles(let articles):
      return articles
    case .failure(let message):
      throw ExportedKotlinPackages.kotlin.Throwable.make(
        kotlinClassName: "io.ktor.client.network.sockets.SocketTimeoutException", message: message)
    }
  }

}
