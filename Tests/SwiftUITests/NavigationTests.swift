import HeadlessUI
import SwiftUI
import Testing

struct Person: Hashable, Identifiable {
  let id: Int
  let name: String
}

struct PeopleStack: View {
  @Binding var path: [Person]
  let people = [Person(id: 1, name: "Ann"), Person(id: 2, name: "Bob")]

  var body: some View {
    NavigationStack(path: $path) {
      List(people) { person in
        NavigationLink(person.name, value: person)
      }
      .navigationTitle("People")
      .navigationDestination(for: Person.self) { person in
        PersonDetail(person: person)
      }
    }
  }
}

struct PersonDetail: View {
  let person: Person
  @State private var visits = 0
  @Environment(\.dismiss) private var dismiss

  var body: some View {
    VStack {
      Text("\(person.name): \(visits) visits")
      Button("Visit") { visits += 1 }
      NavigationLink("About") { Text("About \(person.name)").navigationTitle("About") }
      Button("Close") { dismiss() }
    }
    .navigationTitle(person.name)
  }
}

struct PathHolder: View {
  @State var path: [Person] = []
  var body: some View {
    VStack {
      Text("path: \(path.map(\.name).joined(separator: "/"))")
      Button("Open Bob") { path = [Person(id: 2, name: "Bob")] }
      PeopleStack(path: $path)
    }
  }
}

/// NavigationStack with a path, links by value and by destination, titles, dismiss and goBack.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct NavigationTests {
  @Test("Links push onto the stack; only the top is drawn; the path binding follows; goBack pops")
  func pushAndPop() async throws {
    let host = HeadlessHost(PathHolder())
    try host.tap("Ann")
    try host.tap("Visit")
    try host.tap("About")
    #expect(
      host.render() == """
        VStack
          Text "path: Ann"
          Button "Open Bob"
          NavigationStack "About" depth 3
            Text "About Ann"
        """)
    try host.goBack()
    #expect(host.render().contains("Text \"Ann: 1 visits\""))  // the screen below kept its state
    try host.tap("Close")  // dismiss() in a pushed screen goes back
    #expect(
      host.render() == """
        VStack
          Text "path: "
          Button "Open Bob"
          NavigationStack "People"
            List
              NavigationLink "Ann"
              NavigationLink "Bob"
        """)
    try host.tap("Open Bob")  // setting the path pushes
    #expect(host.render().contains("NavigationStack \"Bob\" depth 2"))
    await host.unmount()
  }

  @Test("goBack() with every stack at its root throws .notFound")
  func goBackAtRoot() async throws {
    let host = HeadlessHost(PathHolder())
    let error = #expect(throws: HeadlessHostError.self) { try host.goBack() }
    #expect(error?.code == .notFound)
    await host.unmount()
  }
}
