import FlowTesting
import HeadlessUI
import Testing

private struct Fruit: Identifiable {
  let id: Int
  let name: String
}

/// Identifiable data; each row has its own state.
private struct FruitList: View {
  @State private var fruits = [Fruit(id: 1, name: "apple"), Fruit(id: 2, name: "banana"), Fruit(id: 3, name: "cherry")]

  var body: some View {
    VStack {
      ForEach(fruits) { fruit in TapCounter(label: fruit.name) }
      Button("reverse") { fruits.reverse() }
      Button("rotate") { fruits.append(fruits.removeFirst()) }
    }
  }
}

/// Data keyed by a key path (`id: \.code`), not Identifiable.
private struct Country {
  let code: String
  let name: String
}

private struct CountryList: View {
  @State private var countries = [
    Country(code: "JP", name: "日本"), Country(code: "DE", name: "Deutschland"), Country(code: "FR", name: "France"),
  ]

  var body: some View {
    VStack {
      ForEach(countries, id: \.code) { country in TapCounter(label: country.name) }
      Button("sort by code") { countries.sort { $0.code < $1.code } }
      Button("rename JP") {
        countries = countries.map { $0.code == "JP" ? Country(code: "JP", name: "Nippon") : $0 }
      }
    }
  }
}

@MainActor
@Suite
struct ForEachTests {
  private func run(_ host: HeadlessHost<some View>, _ taps: [String]) async throws {
    for label in taps {
      try host.tap(label)
      try await host.settle()
    }
  }

  @Test("ForEach over Identifiable data: reordering keeps each row's state with its element")
  func identifiableReorder() async throws {
    let host = HeadlessHost(FruitList())
    try await run(host, ["apple +1", "banana +1", "banana +1", "reverse", "cherry +1", "rotate"])
    assertSnapshot(of: host.transcript)
    await host.unmount()
  }

  @Test("ForEach with id: key path: rows keep their state across a sort and a change of content")
  func keyPathReorder() async throws {
    let host = HeadlessHost(CountryList())
    try await run(host, ["日本 +1", "France +1", "France +1", "sort by code", "rename JP", "Nippon +1"])
    assertSnapshot(of: host.transcript)
    await host.unmount()
  }

  @Test("ForEach with repeated ids draws the first element of each id only")
  func repeatedIDs() async throws {
    let host = HeadlessHost(
      VStack {
        ForEach([Fruit(id: 1, name: "apple"), Fruit(id: 2, name: "banana"), Fruit(id: 1, name: "avocado")]) {
          fruit in Text(fruit.name)
        }
      })
    #expect(host.render() == "VStack\n  Text \"apple\"\n  Text \"banana\"")
    await host.unmount()
  }
}
