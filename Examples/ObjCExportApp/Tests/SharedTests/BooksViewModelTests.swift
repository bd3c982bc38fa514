import FlowTesting
import KotlinTestDoubles
import Shared
import Testing

/// The view model's `uiState` with Turbine on virtual time: debounce, flatMapLatest, combine, catch and
/// stateIn(WhileSubscribed(5_000)) as Kotlin runs them.
@Suite(.kotlinLeakCheck(clock: .virtualAutoAdvance), .timeLimit(.minutes(1)))
struct BooksViewModelTests {
  @Test("Loading, then every book; a query is debounced and searched; a favourite shows on its shelf")
  func searchAndFavourites() async throws {
    let store = ViewModelStore()
    let viewModel = BooksViewModel(repository: BookRepository())
    store.put(key: "books", viewModel: viewModel)
    let uiState = try #require(viewModel.uiState.typed(as: BooksUiState.self))
    try await uiState.test { (turbine: FlowTurbine<BooksUiState>) async throws in
      #expect(try await turbine.awaitItem() is BooksUiStateLoading)
      let all = try #require(try await turbine.awaitItem() as? BooksUiStateSuccess)
      #expect(all.books.map(\.id) == [1, 2, 3])
      viewModel.onQueryChange(text: "kotlin")
      let found = try #require(try await turbine.awaitItem() as? BooksUiStateSuccess)
      #expect(found.books.map(\.title) == ["Kotlin in Action", "Kotlin Coroutines"])
      viewModel.toggleFavourite(book: found.books[1])
      #expect((try await turbine.awaitItem() as? BooksUiStateSuccess)?.favouriteIds == [3])
      viewModel.selectShelf(shelf: .favourites)
      #expect((try await turbine.awaitItem() as? BooksUiStateSuccess)?.books.map(\.id) == [3])
      await turbine.cancelAndIgnoreRemainingEvents()
    }
    store.clear()  // cancels viewModelScope: the stateIn coroutine ends
    #expect(viewModel.isCleared)
  }

  @Test("a failing search ends in BooksUiStateError (catch), with the server's message")
  func failingSearch() async throws {
    let viewModel = BooksViewModel(repository: BookRepository())
    let uiState = try #require(viewModel.uiState.typed(as: BooksUiState.self))
    try await uiState.test { (turbine: FlowTurbine<BooksUiState>) async throws in
      _ = try await turbine.awaitItem()  // Loading
      _ = try await turbine.awaitItem()  // every book
      viewModel.onQueryChange(text: "!")
      #expect((try await turbine.awaitItem() as? BooksUiStateError)?.message == "Server error 500")
      await turbine.cancelAndIgnoreRemainingEvents()
    }
    let store = ViewModelStore()
    store.put(key: "books", viewModel: viewModel)
    store.clear()
  }

  @Test("the completion-handler form of search gets the books on the main actor")
  @MainActor
  func completionHandlerSearch() async throws {
    let repository = BookRepository()
    let titles: [String] = await withCheckedContinuation { continuation in
      repository.search(query: "swift") { books, _ in continuation.resume(returning: books?.map(\.title) ?? []) }
    }
    #expect(titles == ["Swift Concurrency"])
  }
}
