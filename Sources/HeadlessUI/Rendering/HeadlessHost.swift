import Dispatch
import KotlinBridge

/// Renders a view tree headlessly into text frames, as a test host.
///
/// ```swift
/// @MainActor @Test func counter() async throws {
///   let host = HeadlessHost(ContentView())
///   #expect(host.render() == "VStack\n  Text \"0\"\n  Button \"increment\"")
///   try host.tap("increment")
///   try await host.settle()
///   #expect(host.frames.count == 2)
///   await host.unmount()
/// }
/// ```
///
/// State changes are rendered once per main-actor turn; `render()` and `settle()` render what is
/// pending right away. View tasks run in the Kotlin runtime scope that was current when the host
/// was created (see `KotlinTestRuntime.withScope`).
@MainActor
public final class HeadlessHost<Root: View> {
  let core: HostCore

  /// A scope of the host's own, when it was created outside any (closed on unmount).
  private let ownScope: KotlinRuntimeScope?

  /// Mounts `root` and renders the first frame.
  ///
  /// View tasks run in the Kotlin runtime scope current here; without one, the host opens a scope
  /// of its own (real time), so that `settle()` watches only its views' Kotlin work and never waits
  /// for other code's.
  public init(_ root: Root) {
    let current = KotlinRuntimeScope.current
    ownScope = current == nil ? try? KotlinRuntimeScope(clock: .real) : nil
    core = HostCore(scope: current ?? ownScope)
    core.mount(root)
    core.flush()
  }

  /// Renders anything pending and returns the current frame (see the frame format in the README).
  public func render() -> String {
    core.flush()
    return core.currentFrame()
  }

  /// Every distinct frame so far, in order (consecutive duplicates are recorded once).
  public var frames: [String] {
    core.flush()
    return core.frames
  }

  /// Taps what is titled `label` on screen — a button (whatever its label view), a navigation link,
  /// a view with `.onTapGesture`, a toolbar item — and runs its action (changes render in the next
  /// turn, or at the next `render()` / `settle()`). Only the topmost presentation (sheet, alert) and
  /// the top of each navigation stack can be tapped, as on screen.
  /// - Throws: ``HeadlessHostError`` when nothing or several things have that title, or it is
  ///   disabled; the message lists what is on screen.
  public func tap(_ label: String) throws {
    core.flush()
    try tapControl(label)
  }

  /// Returns when no render is pending and the work the views started has gone quiet: the Kotlin
  /// side has nothing running or queued, every Kotlin result handed to a Swift task has been picked
  /// up, and main-actor tasks made no change for several trips through the main queue (and at least
  /// 5 ms of them). A `.task` waiting on a flow with nothing more to deliver counts as quiet. Never
  /// sleeps: it keeps taking turns on the main actor.
  /// - Throws: ``HeadlessHostError`` with code `.notSettled` after `timeout`, saying what is busy.
  public func settle(timeout: Duration = .seconds(10)) async throws {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    var quietRounds = 0
    var quietSince = clock.now
    while true {
      core.flush()
      let mark = core.changeCount
      // Let every main-actor job already enqueued run. `Task.yield()` does not promise that (a
      // yielding task can be passed over by others); a block on the main dispatch queue, which is
      // FIFO and serves the main actor, runs only after everything enqueued before it.
      await Self.mainQueueTurn()
      await Task.yield()  // a second kind of turn: the two are passed over in different patterns
      await Self.mainQueueTurn()
      let kotlinIdle = waitForKotlin(timeoutMillis: 0) && pendingHandoffs == 0
      if core.changeCount == mark, !core.renderScheduled, core.unstartedTasks.isEmpty, kotlinIdle {
        quietRounds += 1
        // Quiet for several rounds and a few milliseconds of them: the main executor does not
        // promise strict turn-taking, so a task that changes state on every turn can be passed over
        // for a few rounds in a row, but not for milliseconds of them.
        if quietRounds >= 10, clock.now - quietSince >= .milliseconds(5) {
          core.flush()
          return
        }
      } else {
        quietRounds = 0
        quietSince = clock.now
      }
      if clock.now >= deadline {
        var busy: [String] = []
        if core.renderScheduled || core.changeCount != mark { busy.append("views kept changing") }
        if !core.unstartedTasks.isEmpty { busy.append("a view task had not started") }
        if !kotlinIdle { busy.append("the Kotlin runtime still had work running or results not picked up") }
        if busy.isEmpty { busy.append("views kept changing") }  // changes came and went between looks
        throw HeadlessHostError(
          code: .notSettled,
          message: "settle() timed out after \(timeout): \(busy.joined(separator: " and ")); "
            + "\(core.runningTaskCount) view task(s) running")
      }
      if !kotlinIdle { _ = waitForKotlin(timeoutMillis: 5) }  // returns as soon as Kotlin is idle
    }
  }

  /// Resumes after one trip through the main dispatch queue.
  private static func mainQueueTurn() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      DispatchQueue.main.async { continuation.resume() }
    }
  }

  /// Kotlin results already handed to a Swift task that has not picked them up yet.
  private var pendingHandoffs: Int { core.scope?.pendingHandoffs ?? KotlinTestRuntime.pendingHandoffs }

  private func waitForKotlin(timeoutMillis: Int64) -> Bool {
    if let scope = core.scope { return scope.waitUntilIdle(timeoutMillis: timeoutMillis) }
    return KotlinTestRuntime.waitUntilIdle(timeoutMillis: timeoutMillis)
  }

  /// Removes the root view: every `.task` is cancelled (and awaited, so Kotlin collections are
  /// released when this returns), `onDisappear` runs, state is dropped. The last frame is empty.
  public func unmount() async {
    await core.unmount()
    // The tasks have ended, but a cancelled collection's terminal callback may still be finishing
    // its release on a Kotlin worker: wait (bounded) until the Kotlin side is idle.
    _ = waitForKotlin(timeoutMillis: 5_000)
    ownScope?.close()
  }
}
