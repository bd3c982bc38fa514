import KotlinTestDoubles

/// `class FeedViewModel(api: FeedApi)`, faked with the members SKIE exposes: `state` as a
/// `SkieSwiftStateFlow`, `breakingNews` as a `SkieSwiftFlow`, `load()` as an `async throws` function.
/// The Kotlin source is in this package's README.
public final class FeedViewModel: KotlinObject, @unchecked Sendable {
  // @unchecked Sendable: immutable stored properties only; the flows are thread-safe.
  private let api: FeedApi
  private let stateFlow = MutableStateFlow<FeedState>(FeedStateLoading.shared)

  public init(api: FeedApi = FeedApi()) {
    self.api = api
    super.init(className: "com.example.feed.FeedViewModel")
  }

  /// `val state: StateFlow<FeedState>`.
  public var state: SkieSwiftStateFlow<FeedState> { SkieSwiftStateFlow(stateFlow) }

  /// `val breakingNews: Flow<String>` (from the API).
  public var breakingNews: SkieSwiftFlow<String> { SkieSwiftFlow(api.breakingNews) }

  /// `suspend fun load()`: Loading, then Loaded, or Failed with the exception's message.
  public func load() async throws {
    try await kotlinSuspend { [api, stateFlow] in
      stateFlow.value = FeedStateLoading.shared
      do {
        stateFlow.value = FeedStateLoaded(articles: try await api.fetchArticles())
      } catch let exception as ExportedKotlinPackages.kotlin.Throwable {
        stateFlow.value = FeedStateFailed(reason: exception.message ?? exception.className)
      }
    }
  }
}
