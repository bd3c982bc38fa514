import FlowTesting
import HeadlessUI
import Testing

/// The same view type in both branches of an `if/else`: still two identities.
private struct BranchSwitch: View {
  @State private var first = true

  var body: some View {
    VStack {
      if first {
        TapCounter(label: "n")
      } else {
        TapCounter(label: "n")
      }
      Button("switch") { first.toggle() }
    }
  }
}

/// An `if` without `else`: the view leaves and comes back.
private struct OptionalChild: View {
  @State private var shown = true

  var body: some View {
    VStack {
      if shown {
        TapCounter(label: "n")
      }
      Button("toggle") { shown.toggle() }
    }
  }
}

/// `.id(generation)`: a new generation is a new view; other re-renders are not.
private struct Regenerating: View {
  @State private var generation = 0
  @State private var unrelated = 0

  var body: some View {
    VStack {
      TapCounter(label: "n").id(generation)
      Button("new id") { generation += 1 }
      Button("same id") { unrelated += 1 }
    }
  }
}

/// A ForEach whose middle element is removed and added back.
private struct Rows: View {
  @State private var names = ["a", "b", "c"]

  var body: some View {
    VStack {
      ForEach(names, id: \.self) { name in TapCounter(label: name) }
      Button("remove b") { names.removeAll { $0 == "b" } }
      Button("add b") { names.insert("b", at: 1) }
    }
  }
}

@MainActor
@Suite
struct IdentityChangeTests {
  private func run(_ host: HeadlessHost<some View>, _ taps: [String]) async throws {
    for label in taps {
      try host.tap(label)
      try await host.settle()
    }
  }

  @Test("Switching if/else branches drops the state, even when both branches hold the same type")
  func ifElseBranch() async throws {
    let host = HeadlessHost(BranchSwitch())
    try await run(host, ["n +1", "n +1", "switch", "n +1", "switch"])
    #expect(host.render().contains("Text \"n: 0\""))
    assertSnapshot(of: host.transcript)
    await host.unmount()
  }

  @Test("An if without else: the view's state is dropped when it leaves and comes back")
  func ifWithoutElse() async throws {
    let host = HeadlessHost(OptionalChild())
    try await run(host, ["n +1", "toggle", "toggle"])
    assertSnapshot(of: host.transcript)
    await host.unmount()
  }

  @Test(".id(x): a new id drops the state; a re-render with the same id keeps it")
  func idChange() async throws {
    let host = HeadlessHost(Regenerating())
    try await run(host, ["n +1", "n +1", "same id", "n +1", "new id", "n +1"])
    assertSnapshot(of: host.transcript)
    await host.unmount()
  }

  @Test("ForEach: an element removed and re-added starts afresh; the others keep their state")
  func forEachRemoveAndReAdd() async throws {
    let host = HeadlessHost(Rows())
    try await run(host, ["a +1", "b +1", "b +1", "c +1", "remove b", "add b"])
    assertSnapshot(of: host.transcript)
    await host.unmount()
  }
}
