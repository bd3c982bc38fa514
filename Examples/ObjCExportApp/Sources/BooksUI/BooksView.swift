import Shared
import SwiftUI

/// The books screen: a search field, the shelves, the results with a favourite toggle.
struct BooksView: View {
  @StateObject private var owner = IosViewModelStoreOwner()
  let repository: BookRepository

  var body: some View {
    let viewModel: BooksViewModel = owner.viewModel(
      factory: BooksViewModel.companion.Factory,
      extras: BooksViewModelKt.creationExtras(repository: repository)
    )
    BooksContent(model: BooksScreenModel(viewModel: viewModel))
  }
}

struct BooksContent: View {
  @StateObject var model: BooksScreenModel

  var body: some View {
    NavigationStack {
      VStack {
        TextField("Search books", text: $model.query)
        HStack {
          ForEach(Shelf.entries, id: \.self) { shelf in
            Button(shelf.name.capitalized) { model.viewModel.selectShelf(shelf: shelf) }
          }
        }
        content
      }
      .navigationTitle("Books")
    }
    .task { await model.observe() }
  }

  @ViewBuilder private var content: some View {
    switch model.state {
    case let success as BooksUiStateSuccess:
      if success.books.isEmpty {
        Text(success.shelf == .favourites ? "No favourites yet" : "No books found")
      } else {
        List(success.books, id: \.id) { book in
          HStack {
            Text("\(book.title) — \(book.author)")
            Button(success.favouriteIds.contains(book.id) ? "★" : "☆") {
              model.viewModel.toggleFavourite(book: book)
            }
          }
        }
      }
    case let error as BooksUiStateError:
      Text("Could not load books: \(error.message)")
    default:
      ProgressView("Loading…")
    }
  }
}
