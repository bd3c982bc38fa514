import FlowTesting
import HeadlessUI
import KotlinFixtures
import Synchronization
import Testing

/// Set from a Kotlin worker thread (`withFinally`'s `onFinally`), read on the main actor.
private final class Flag: Sendable {
  private let value = Atomic(false)
  func set() { value.store(true, ordering: .sequentiallyConsistent) }
  var isSet: Bool { value.load(ordering: .sequentiallyConsistent) }
}

/// A view whose `.task` suspends in Kotlin until it is cancelled.
private struct Waiting: View {
  let log: EventLog
  let finallyRan: Flag

  var body: some View {
    Text("waiting")
      .task {
        log.record("started")
        do {
          _ = try await withFinally(delayMillis: 3_600_000) { finallyRan.set() }
          log.record("returned")
        } catch is CancellationError {
          log.record(finallyRan.isSet ? "cancelled after Kotlin finally" : "cancelled before Kotlin finally")
        } catch {
          log.record("failed: \(error)")
        }
      }
  }
}

/// A view whose `.task` observes its cancellation with `withTaskCancellationHandler`.
private struct NeverEnding: View {
  let log: EventLog

  var body: some View {
    Text("never ending")
      .task {
        await withTaskCancellationHandler {
          do {
            _ = try await neverCompletes()
            log.record("returned")
          } catch {
            log.record("threw \(type(of: error))")
          }
        } onCancel: {
          Task { @MainActor in log.record("cancellation handler") }
        }
      }
  }
}

private struct Toggling<Content: View>: View {
  let content: Content
  @State private var shown = true

  var body: some View {
    VStack {
      if shown { content }
      Button("hide") { shown = false }
    }
  }
}

@MainActor
@Suite(.kotlinLeakCheck, .timeLimit(.minutes(1)))
struct TaskCancellationTests {
  @Test(".task is cancelled when its view disappears; the Kotlin call ends with its finally run")
  func cancelledOnDisappear() async throws {
    let scope = KotlinRuntimeScope.current!
    let log = EventLog()
    let finallyRan = Flag()
    let host = HeadlessHost(Toggling(content: Waiting(log: log, finallyRan: finallyRan)))
    try await host.settle()
    await log.waitFor("started")
    #expect(log.events == ["started"])
    #expect(scope.snapshot().pendingCalls == 1)
    try host.tap("hide")
    try await host.settle()
    await log.waitFor("cancelled after Kotlin finally")
    #expect(log.events == ["started", "cancelled after Kotlin finally"])
    #expect(scope.waitUntilIdle(timeoutMillis: 5_000))
    #expect(scope.snapshot().pendingCalls == 0)
    assertSnapshot(of: host.transcript)
    await host.unmount()
  }

  @Test(".task awaiting neverCompletes() sees the cancellation: handler runs, CancellationError thrown")
  func cancellationHandlerRuns() async throws {
    let scope = KotlinRuntimeScope.current!
    let log = EventLog()
    let host = HeadlessHost(Toggling(content: NeverEnding(log: log)))
    try await host.settle()
    try host.tap("hide")
    await log.waitFor("threw CancellationError")
    await log.waitFor("cancellation handler")
    #expect(log.count(of: "returned") == 0)
    #expect(scope.waitUntilIdle(timeoutMillis: 5_000))
    #expect(scope.snapshot().pendingCalls == 0)
    await host.unmount()
  }

  @Test("unmount() cancels a running .task and returns only after it has ended")
  func unmountAwaitsTasks() async throws {
    let log = EventLog()
    let finallyRan = Flag()
    let host = HeadlessHost(Waiting(log: log, finallyRan: finallyRan))
    try await host.settle()
    await log.waitFor("started")
    await host.unmount()
    #expect(log.events == ["started", "cancelled after Kotlin finally"])
    #expect(host.frames == ["Text \"waiting\"", ""])
  }
}
