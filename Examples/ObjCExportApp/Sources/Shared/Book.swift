import KotlinTestDoubles
import ObjCExportDoubles

/// `data class Book(val id: Long, val title: String, val author: String)`
public final class Book: KotlinDataClass, @unchecked Sendable {
  public let id: Int64
  public let title: String
  public let author: String

  public init(id: Int64, title: String, author: String) {
    self.id = id
    self.title = title
    self.author = author
  }

  /// Objective-C export's name for `copy(…)`.
  public func doCopy(id: Int64, title: String, author: String) -> Book { Book(id: id, title: title, author: author) }
}

/// `enum class Shelf { ALL, FAVOURITES }`
public final class Shelf: KotlinEnum<Shelf>, @unchecked Sendable {
  public static let all = Shelf(name: "ALL", ordinal: 0)
  public static let favourites = Shelf(name: "FAVOURITES", ordinal: 1)
  public static var entries: [Shelf] { [all, favourites] }
}

/// `sealed class BooksUiState { data object Loading; data class Success(…); data class Error(…) }`:
/// Objective-C export names the subclasses `BooksUiStateLoading`, `BooksUiStateSuccess`, …
open class BooksUiState: KotlinDataClass, @unchecked Sendable {
  init() {}
}

// @unchecked Sendable: immutable (`let` properties only), like its base.
public final class BooksUiStateLoading: BooksUiState, @unchecked Sendable {
  /// A Kotlin `object`: `BooksUiStateLoading.shared`.
  public static let shared = BooksUiStateLoading()
}

// @unchecked Sendable: immutable (`let` properties only), like its base.
public final class BooksUiStateSuccess: BooksUiState, @unchecked Sendable {
  public let books: [Book]
  public let favouriteIds: Set<Int64>
  public let shelf: Shelf

  public init(books: [Book], favouriteIds: Set<Int64>, shelf: Shelf) {
    self.books = books
    self.favouriteIds = favouriteIds
    self.shelf = shelf
  }
}

// @unchecked Sendable: immutable (`let` properties only), like its base.
public final class BooksUiStateError: BooksUiState, @unchecked Sendable {
  public let message: String
  public init(message: String) { self.message = message }
}
