import Combine
import KotlinFixtures
import SwiftUI

/// A list screen that navigates to a detail screen: the words come from the Kotlin flow `words()`.
@MainActor
public final class WordListViewModel: ObservableObject {
  @Published public private(set) var words: [String] = []
  @Published public private(set) var isLoading = true

  public init() {}

  func load() async {
    do {
      for try await word in KotlinFixtures.words().asAsyncSequence() {
        words.append(word)
      }
    } catch {
      words = []
    }
    isLoading = false
  }
}

public struct WordListScreen: View {
  @StateObject private var viewModel = WordListViewModel()
  @State private var path: [String] = []

  public init() {}

  public var body: some View {
    NavigationStack(path: $path) {
      Group {
        if viewModel.isLoading {
          ProgressView("Loading words…")
        } else {
          List(viewModel.words, id: \.self) { word in
            NavigationLink(value: word) {
              HStack {
                Image(systemName: "textformat")
                Text(word)
                  .font(.headline)
                Spacer()
              }
              .padding(.vertical, 4)
            }
          }
          .listStyle(.plain)
        }
      }
      .navigationTitle("Words")
      .navigationBarTitleDisplayMode(.large)
      .navigationDestination(for: String.self) { word in
        WordDetailView(word: word)
      }
    }
    .task {
      await viewModel.load()
    }
  }
}

struct WordDetailView: View {
  let word: String
  @Environment(\.dismiss) private var dismiss

  var body: some View {
    VStack(alignment: .leading, spacing: 12) {
      Text(word)
        .font(.largeTitle)
        .bold()
      Text("\(word.count) letters, **\(Set(word).count)** distinct")
        .foregroundColor(.secondary)
      Button("Back to list") {
        dismiss()
      }
      .buttonStyle(.borderedProminent)
    }
    .padding()
    .frame(maxWidth: .infinity, alignment: .leading)
    .navigationTitle(word.capitalized)
  }
}

#Preview("Detail") {
  NavigationStack {
    WordDetailView(word: "kotlin")
  }
}
