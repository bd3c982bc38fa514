import FlowTesting
import HeadlessUI
import Testing

private final class Profile: ObservableObject {
  @Published var name: String
  @Published var visits = 0

  init(name: String) { self.name = name }
}

private struct NameField: View {
  @Binding var name: String

  var body: some View {
    Button("rename") { name += "!" }
  }
}

private struct ProfileView: View {
  @ObservedObject var profile: Profile

  var body: some View {
    VStack {
      Text("\(profile.name): \(profile.visits) visits")
      Button("visit") { profile.visits += 1 }
      NameField(name: $profile.name)
    }
  }
}

/// Shows whichever profile is selected: `@ObservedObject` follows the object it is given.
private struct Picker: View {
  let profiles: [Profile]
  @State private var selected = 0

  var body: some View {
    VStack {
      ProfileView(profile: profiles[selected])
      Button("next profile") { selected = (selected + 1) % profiles.count }
    }
  }
}

@MainActor
@Suite
struct ObservedObjectTests {
  @Test("@Published changes re-render an @ObservedObject view: from its buttons, a binding, or outside")
  func publishedChangesRender() async throws {
    let profile = Profile(name: "Ada")
    let host = HeadlessHost(ProfileView(profile: profile))
    try host.tap("visit")
    try await host.settle()
    try host.tap("rename")
    try await host.settle()
    profile.visits = 10
    #expect(host.render() == "VStack\n  Text \"Ada!: 10 visits\"\n  Button \"visit\"\n  Button \"rename\"")
    profile.name = "Grace"
    profile.visits = 11
    _ = host.render()
    assertSnapshot(of: host.transcript)
    await host.unmount()
  }

  @Test("@ObservedObject switches to a new object: the old one no longer re-renders the view")
  func followsTheGivenObject() async throws {
    let first = Profile(name: "first")
    let second = Profile(name: "second")
    let host = HeadlessHost(Picker(profiles: [first, second]))
    try host.tap("next profile")
    try await host.settle()
    let frames = host.frames.count
    first.visits = 5
    try await host.settle()
    #expect(host.frames.count == frames)
    second.visits = 7
    try await host.settle()
    try host.tap("next profile")
    try await host.settle()
    assertSnapshot(of: host.transcript)
    await host.unmount()
  }
}
