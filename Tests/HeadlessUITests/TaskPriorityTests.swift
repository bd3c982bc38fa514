import HeadlessUI
import Testing

/// Three tasks that log the priority they run at, then that they ran.
private struct Prioritised: View {
  let log: EventLog

  var body: some View {
    VStack {
      Text("default")
        .task {
          log.record("default: \(Task.currentPriority)")
          log.record("default ran")
        }
      Text("background")
        .task(priority: .background) {
          log.record("background: \(Task.currentPriority)")
          log.record("background ran")
        }
      Text("high")
        .task(id: 1, priority: .high) {
          log.record("high: \(Task.currentPriority)")
          log.record("high ran")
        }
    }
  }
}

@MainActor
@Suite(.timeLimit(.minutes(1)))
struct TaskPriorityTests {
  @Test(".task runs at the priority it was given (default .userInitiated), as SwiftUI's does")
  func priorities() async throws {
    let log = EventLog()
    let host = HeadlessHost(Prioritised(log: log))
    for name in ["default", "background", "high"] { await log.waitFor("\(name) ran") }
    #expect(
      log.events.filter { !$0.hasSuffix(" ran") }.sorted() == [
        "background: \(TaskPriority.background)", "default: \(TaskPriority.userInitiated)",
        "high: \(TaskPriority.high)",
      ])
    await host.unmount()
  }
}
