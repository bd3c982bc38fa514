import KotlinTestDoubles

/// `class NewsFeedViewModel(repository: NewsRepository) : ViewModel()` (KMP-ObservableViewModel),
/// faked. Its state flows are `MutableStateFlow(viewModelScope, …)`, exposed to Swift as plain
/// properties by `@NativeCoroutinesState`; the Kotlin source is in this package's README.
public final class NewsFeedViewModel: Kmp_observableviewmodel_coreViewModel, @unchecked Sendable {
  // @unchecked Sendable: immutable stored properties only; the flows are thread-safe.
  private let repository: NewsRepository
  private let _headlines = ObservableMutableStateFlow<[String]>([])
  private let _isRefreshing = ObservableMutableStateFlow(false)
  private let _errorMessage = ObservableMutableStateFlow<String?>(nil)
  private let _minutesSinceUpdate = ObservableMutableStateFlow<Int32>(0)

  /// The headlines of the last successful refresh.
  public var headlines: [String] { _headlines.value }
  /// Whether a refresh is running.
  public var isRefreshing: Bool { _isRefreshing.value }
  /// Why the last refresh failed, if it did.
  public var errorMessage: String? { _errorMessage.value }
  /// Minutes since the last successful refresh (a coroutine counts them).
  public var minutesSinceUpdate: Int32 { _minutesSinceUpdate.value }

  public init(repository: NewsRepository = NewsRepository()) {
    self.repository = repository
    super.init(className: "com.example.news.NewsFeedViewModel")
    refresh()
    viewModelScope.coroutineScope.launch { [_minutesSinceUpdate] in
      while true {
        try await delay(60_000)
        _minutesSinceUpdate.update { $0 + 1 }
      }
    }
  }

  /// Loads the latest headlines; a failure is kept in ``errorMessage`` and the old headlines stay.
  public func refresh() {
    viewModelScope.coroutineScope.launch {
      [repository, _headlines, _isRefreshing, _errorMessage, _minutesSinceUpdate] in
      _isRefreshing.value = true
      _errorMessage.value = nil
      defer { _isRefreshing.value = false }
      do {
        _headlines.value = try await repository.latestHeadlines()
        _minutesSinceUpdate.value = 0
      } catch let exception as ExportedKotlinPackages.kotlin.Throwable {
        _errorMessage.value = exception.message
      }
    }
  }
}
