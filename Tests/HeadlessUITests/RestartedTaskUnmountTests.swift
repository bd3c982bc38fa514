import HeadlessUI
import KotlinFixtures
import Testing

/// `.task(id: generation)` whose generation-0 task takes a while to wind down once cancelled.
private struct Generations: View {
  let log: EventLog
  @State private var generation = 0

  var body: some View {
    Text("generation \(generation)")
      .task(id: generation) {
        let mine = generation  // @State reads the current value, so keep the one this task started with
        log.record("started \(mine)")
        do {
          _ = try await neverCompletes()
        } catch {
          if mine == 0 {
            for _ in 0..<1_000 { await Task.yield() }  // clean-up work after cancellation
          }
        }
        log.record("ended \(mine)")
      }
    Button("next") { generation += 1 }
  }
}

@MainActor
@Suite(.kotlinLeakCheck, .timeLimit(.minutes(1)))
struct RestartedTaskUnmountTests {
  @Test("unmount() also awaits a .task(id:) task that was cancelled by an id change and is still ending")
  func unmountAwaitsRestartedTask() async throws {
    let log = EventLog()
    let host = HeadlessHost(Generations(log: log))
    try await host.settle()
    await log.waitFor("started 0")
    try host.tap("next")
    _ = host.render()
    await host.unmount()
    #expect(log.events.filter { $0.hasPrefix("ended") }.sorted() == ["ended 0", "ended 1"])
    await log.waitFor("ended 0")  // let it finish either way before the leak check
  }
}
