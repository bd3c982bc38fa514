import Combine
import KotlinFixtures
import SwiftUI

/// A pull-to-refresh list: each refresh collects the Kotlin flow `range(count:)` with one more
/// item; a search field filters it.
@MainActor
public final class NumbersViewModel: ObservableObject {
  @Published public private(set) var numbers: [Int32] = []
  @Published public private(set) var refreshes = 0
  @Published public var query = ""
  @Published public private(set) var visible: [Int32] = []

  public init() {
    $numbers.combineLatest($query)
      .map { numbers, query in
        query.isEmpty ? numbers : numbers.filter { String($0).contains(query) }
      }
      .assign(to: &$visible)
  }

  func load() async {
    var loaded: [Int32] = []
    do {
      for try await number in range(count: Int32(10 + refreshes)).asAsyncSequence() {
        loaded.append(number)
      }
    } catch {}
    numbers = loaded
  }

  func refresh() async {
    refreshes += 1
    await load()
  }
}

public struct RefreshableListScreen: View {
  @StateObject private var model = NumbersViewModel()
  @State private var lastSearch = ""

  public init() {}

  public var body: some View {
    NavigationView {
      List {
        Section(header: Text("Refreshed \(model.refreshes) times")) {
          ForEach(model.visible, id: \.self) { number in
            HStack {
              Text("Item \(number)")
              Spacer()
              if number % 5 == 0 {
                Image(systemName: "star.fill")
                  .foregroundColor(.yellow)
              }
            }
          }
        }
        if !lastSearch.isEmpty {
          Text("Searched for \(lastSearch)")
        }
      }
      .refreshable {
        await model.refresh()
      }
      .searchable(text: $model.query, prompt: "Filter")
      .onSubmit(of: .search) {
        lastSearch = model.query
      }
      .navigationTitle("Numbers")
    }
    .task {
      await model.load()
    }
  }
}
