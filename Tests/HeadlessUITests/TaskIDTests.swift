import FlowTesting
import HeadlessUI
import KotlinFixtures
import Testing

/// A `.task(id: query)` that runs until cancelled, logging its start and its cancellation.
private struct Search: View {
  let log: EventLog
  @State private var query = 0
  @State private var unrelated = 0

  var body: some View {
    VStack {
      Text("query \(query), unrelated \(unrelated)")
        .task(id: query) {
          let mine = query  // @State reads the current value, so keep the one this task started with
          log.record("start \(mine)")
          do {
            _ = try await neverCompletes()
          } catch {
            log.record("cancel \(mine)")
          }
        }
      Button("next query") { query += 1 }
      Button("same query") { query = query + 0 }
      Button("unrelated") { unrelated += 1 }
    }
  }
}

@MainActor
@Suite(.kotlinLeakCheck, .timeLimit(.minutes(1)))
struct TaskIDTests {
  @Test(".task(id:) is not restarted by re-renders that keep the id")
  func sameIDKeepsTask() async throws {
    let log = EventLog()
    let host = HeadlessHost(Search(log: log))
    try await host.settle()
    await log.waitFor("start 0")
    for label in ["unrelated", "same query", "unrelated"] {
      try host.tap(label)
      try await host.settle()
    }
    #expect(log.events == ["start 0"])
    #expect(KotlinRuntimeScope.current!.snapshot().pendingCalls == 1)
    await host.unmount()
    #expect(log.events == ["start 0", "cancel 0"])
  }

  @Test(".task(id:) cancels the old task and starts a new one when the id changes")
  func newIDRestartsTask() async throws {
    let log = EventLog()
    let host = HeadlessHost(Search(log: log))
    try await host.settle()
    try host.tap("next query")
    try await host.settle()
    await log.waitFor("cancel 0")
    await log.waitFor("start 1")
    try host.tap("next query")
    try await host.settle()
    await log.waitFor("cancel 1")
    await log.waitFor("start 2")
    #expect(log.events.sorted() == ["cancel 0", "cancel 1", "start 0", "start 1", "start 2"])
    assertSnapshot(of: host.transcript)
    await host.unmount()
    #expect(log.count(of: "cancel 2") == 1)
  }
}
