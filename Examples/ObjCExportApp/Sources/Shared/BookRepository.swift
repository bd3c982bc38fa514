import KotlinTestDoubles
import ObjCExportDoubles

/// `class BookRepository(private val api: BooksApi)`, faked: a catalogue searched with a server
/// delay, and favourites kept in a state flow.
public final class BookRepository: KotlinObject, @unchecked Sendable {
  // @unchecked Sendable: immutable stored properties; the flow is thread-safe.
  let catalogue: [Book]
  let searchDelayMillis: Int64
  let favourites = MutableStateFlow<Set<Int64>>([])

  public init(catalogue: [Book] = BookRepository.sampleCatalogue, searchDelayMillis: Int64 = 400) {
    self.catalogue = catalogue
    self.searchDelayMillis = searchDelayMillis
    super.init(className: "com.example.books.BookRepository")
  }

  /// `suspend fun search(query: String): List<Book>`: fails for a query of "!" as a server would.
  public func search(query: String) async throws -> [Book] {
    try await kotlinSuspend { [catalogue, searchDelayMillis] in
      try await delay(searchDelayMillis)
      guard query != "!" else {
        throw KotlinIllegalStateException(message: "Server error 500")
      }
      return catalogue.filter { query.isEmpty || $0.title.localizedLowercase.contains(query.localizedLowercase) }
    }
  }

  /// The completion-handler form Objective-C export also gives `search`.
  public func search(query: String, completionHandler: @escaping ([Book]?, (any Error)?) -> Void) {
    withCompletionHandler(completionHandler) { try await self.search(query: query) }
  }

  /// `fun toggleFavourite(id: Long)`.
  public func toggleFavourite(id: Int64) {
    favourites.update { ids in ids.contains(id) ? ids.subtracting([id]) : ids.union([id]) }
  }

  public static let sampleCatalogue = [
    Book(id: 1, title: "Kotlin in Action", author: "Jemerov"),
    Book(id: 2, title: "Swift Concurrency", author: "Hudson"),
    Book(id: 3, title: "Kotlin Coroutines", author: "Moskała"),
  ]
}
