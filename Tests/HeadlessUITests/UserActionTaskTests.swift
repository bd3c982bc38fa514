import FlowTesting
import HeadlessUI
import KotlinFixtures
import Testing

/// Collects `words()` in a `Task` started from `onAppear` (the pre-`.task` idiom many apps keep).
private struct CollectsOnAppear: View {
  @State private var words: [String] = []

  var body: some View {
    Text(words.isEmpty ? "loading" : words.joined(separator: " "))
      .onAppear {
        Task {
          for try await word in KotlinFixtures.words().asAsyncSequence() { words.append(word) }
        }
      }
  }
}

/// Turning the toggle on collects `words()` in a `Task` started from `onChange`.
private struct CollectsOnChange: View {
  @State private var isOn = false
  @State private var words: [String] = []

  var body: some View {
    VStack {
      Toggle("Load", isOn: $isOn)
      Text(words.joined(separator: " "))
    }
    .onChange(of: isOn) { _, on in
      guard on else { return }
      Task {
        for try await word in KotlinFixtures.words().asAsyncSequence() { words.append(word) }
      }
    }
  }
}

/// A `Task` that user code starts from `onAppear`, `onChange` or a control is followed like a view
/// task: `settle()` waits for it, and each flow element it takes is one frame, on every run.
@MainActor
@Suite(.kotlinLeakCheck(clock: .virtualAutoAdvance), .timeLimit(.minutes(1)))
struct UserActionTaskTests {
  @Test("A Task started in onAppear: settle() waits for it; one frame per element", arguments: 1...20)
  func onAppearTask(run: Int) async throws {
    let host = HeadlessHost(CollectsOnAppear())
    try await host.settle()
    #expect(
      host.frames == [
        "Text \"loading\"", "Text \"hello\"", "Text \"hello any\"", "Text \"hello any world\"",
      ])
    await host.unmount()
  }

  @Test("A Task started in onChange after a toggle: settle() waits for it; one frame per element", arguments: 1...20)
  func onChangeTask(run: Int) async throws {
    let host = HeadlessHost(CollectsOnChange())
    try await host.settle()
    try host.toggle("Load")
    try await host.settle()
    let words = host.frames.dropFirst(2).map { $0.split(separator: "\n").last.map(String.init) ?? "" }
    #expect(words == ["  Text \"hello\"", "  Text \"hello any\"", "  Text \"hello any world\""])
    await host.unmount()
  }
}
