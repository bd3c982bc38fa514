import KotlinCoroutineSupport
import KotlinTestDoubles
import ObjCExportDoubles

/// The Kotlin source (commonMain), faked line for line:
///
/// ```kotlin
/// class BooksViewModel(private val repository: BookRepository) : ViewModel() {
///   private val query = MutableStateFlow("")
///   private val shelf = MutableStateFlow(Shelf.ALL)
///   private val results = query.debounce(300).flatMapLatest { q -> flow { emit(repository.search(q)) } }
///   val uiState: StateFlow<BooksUiState> =
///     combine(results, repository.favourites, shelf) { books, favourites, shelf ->
///       BooksUiState.Success(if (shelf == Shelf.ALL) books else books.filter { it.id in favourites }, favourites, shelf)
///     }
///     .catch<BooksUiState> { emit(BooksUiState.Error(it.message ?: "Unknown error")) }
///     .stateIn(viewModelScope, SharingStarted.WhileSubscribed(5_000), BooksUiState.Loading)
///   fun onQueryChange(text: String) { query.value = text }
///   fun selectShelf(shelf: Shelf) { this.shelf.value = shelf }
///   fun toggleFavourite(book: Book) { viewModelScope.launch { repository.toggleFavourite(book.id) } }
///   companion object { val Factory = viewModelFactory { initializer { BooksViewModel(BookRepository()) } } }
/// }
/// ```
public final class BooksViewModel: ViewModel, @unchecked Sendable {
  // @unchecked Sendable: immutable stored properties; the flows are thread-safe.
  private let repository: BookRepository
  private let query = MutableStateFlow("")
  private let shelf = MutableStateFlow<Shelf>(.all)
  private let state: any KotlinTypedStateFlow<BooksUiState>

  public init(repository: BookRepository) {
    self.repository = repository
    let scope = CoroutineScope(job: SupervisorJob(), dispatcher: .mainImmediate)
    let results = query.debounce(300).flatMapLatest { query in
      flow { collector in try await collector.emit(repository.search(query: query)) }
    }
    state = combine(results, repository.favourites, shelf) { books, favourites, shelf -> BooksUiState in
      BooksUiStateSuccess(
        books: shelf == .all ? books : books.filter { favourites.contains($0.id) }, favouriteIds: favourites,
        shelf: shelf)
    }
    .catch { collector, error in
      try await collector.emit(BooksUiStateError(message: (error as? KotlinThrowable)?.message ?? "Unknown error"))
    }
    .stateIn(scope, started: .WhileSubscribed(5_000), initialValue: BooksUiStateLoading.shared)
    super.init(viewModelScope: scope, className: "com.example.books.BooksViewModel")
  }

  /// `val uiState: StateFlow<BooksUiState>`, as Objective-C export shows it.
  public var uiState: any Kotlinx_coroutines_coreStateFlow { ObjCExportedStateFlow(state) }

  public func onQueryChange(text: String) { query.value = text }
  public func selectShelf(shelf: Shelf) { self.shelf.value = shelf }

  public func toggleFavourite(book: Book) {
    viewModelScope.launch { [repository] in repository.toggleFavourite(id: book.id) }
  }

  /// `companion object`: Objective-C export's `BooksViewModel.companion`.
  public static let companion = Companion()

  public final class Companion: Sendable {
    /// `val Factory: ViewModelProvider.Factory`.
    public let Factory: any ViewModelProviderFactory & Sendable = BooksViewModelFactory()
  }
}

/// The factory `viewModelFactory { initializer { … } }` makes.
final class BooksViewModelFactory: ViewModelProviderFactory, Sendable {
  func create(modelClass: ViewModel.Type, extras: CreationExtras) -> ViewModel {
    BooksViewModel(repository: (extras.values["repository"] as? BookRepository) ?? BookRepository())
  }
}

/// `fun creationExtras(repository: BookRepository): CreationExtras` (iosMain), a top-level function:
/// Objective-C export puts it on `BooksViewModelKt`, after its file `BooksViewModel.kt`.
public enum BooksViewModelKt {
  public static func creationExtras(repository: BookRepository) -> CreationExtras {
    CreationExtras(values: ["repository": repository])
  }
}
