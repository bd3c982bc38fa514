import FlowTesting
import KotlinBridge
import KotlinTestDoubles
import Testing

/// data class Article(val id: Long, val title: String, val tags: List<String>, val score: Double?)
private final class Article: KotlinDataClass, @unchecked Sendable {
  let id: Int64
  let title: String
  let tags: [String]
  let score: Double?
  init(id: Int64, title: String, tags: [String] = [], score: Double? = nil) {
    (self.id, self.title, self.tags, self.score) = (id, title, tags, score)
  }
}

/// A data class holding another data class and a plain object.
private final class Feed: KotlinDataClass, @unchecked Sendable {
  let top: Article?
  let owner: KotlinObject
  init(top: Article?, owner: KotlinObject) { (self.top, self.owner) = (top, owner) }
}

@Suite("KotlinDataClass: a data class in one line", .kotlinLeakCheck)
struct DataClassTests {
  @Test("equals and hashCode come from the properties; toString is Kotlin's")
  func equalityAndToString() {
    let a = Article(id: 1, title: "KMP", tags: ["swift"])
    #expect(a == Article(id: 1, title: "KMP", tags: ["swift"]))
    #expect(a != Article(id: 1, title: "KMP", tags: ["kotlin"]))
    #expect(a.hashValue == Article(id: 1, title: "KMP", tags: ["swift"]).hashValue)
    #expect(Set([a, Article(id: 1, title: "KMP", tags: ["swift"])]).count == 1)
    #expect("\(a)" == "Article(id=1, title=KMP, tags=[swift], score=null)")
  }

  @Test("Double properties compare as Kotlin's data classes do: NaN equals NaN, 0.0 differs from -0.0")
  func kotlinDoubleEquality() {
    #expect(Article(id: 1, title: "", score: .nan) == Article(id: 1, title: "", score: .nan))
    #expect(Article(id: 1, title: "", score: 0.0) != Article(id: 1, title: "", score: -0.0))
  }

  @Test("nested data classes compare by value, plain objects by identity")
  func nested() {
    let owner = KotlinObject()
    #expect(Feed(top: Article(id: 1, title: "a"), owner: owner) == Feed(top: Article(id: 1, title: "a"), owner: owner))
    #expect(Feed(top: nil, owner: owner) != Feed(top: nil, owner: KotlinObject()))
  }

  @Test("a MutableStateFlow of a data class conflates equal values, as Kotlin's does")
  func stateFlowConflates() async throws {
    let state = MutableStateFlow(Article(id: 1, title: "a"))
    try await state.test { (turbine: FlowTurbine<Article>) async throws in
      #expect(try await turbine.awaitItem() == Article(id: 1, title: "a"))
      state.value = Article(id: 1, title: "a")  // equal: no emission
      state.value = Article(id: 2, title: "b")
      #expect(try await turbine.awaitItem() == Article(id: 2, title: "b"))
      await turbine.cancelAndIgnoreRemainingEvents()
    }
  }
}
