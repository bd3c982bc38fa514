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
/// Frames follow the frame rule (README): one frame per view-task job that changed state, one per
/// tap; `render()` and `settle()` draw anything else pending right away. View tasks run in the
/// Kotlin runtime scope that was current when the host was created (see
/// `KotlinTestRuntime.withScope`), on the test scheduler: each of their jobs is one main-queue
/// block the host counts, so `settle()` knows exactly when they are all parked.
@MainActor
public final class HeadlessHost<Root: View> {
  let core: HostCore

  /// A scope of the host's own, when it was created outside any (closed on unmount).
  private let ownScope: KotlinRuntimeScope?
  /// The host's entry in its scope's activities while mounted, so a leak report names it.
  private var mounted: Int?

  /// Mounts `root` and renders the first frame.
  ///
  /// View tasks run in the Kotlin runtime scope current here; without one, the host opens a scope
  /// of its own (real time), so that `settle()` watches only its views' Kotlin work and never waits
  /// for other code's.
  public init(_ root: Root) {
    let current = KotlinRuntimeScope.current
    ownScope = current == nil ? try? KotlinRuntimeScope(clock: .real) : nil
    core = HostCore(scope: current ?? ownScope)
    mounted = current?.activities.begin("HeadlessHost<\(Root.self)>, still mounted (call `await host.unmount()`)")
    core.mount(root)
    core.flush()
  }

  /// Renders anything pending and returns the current frame (see the frame format in the README).
  public func render() -> String {
    core.flush()
    return core.currentFrame()
  }

  /// Every frame so far, in order: the way to see every intermediate state. A frame is drawn at
  /// mount, after each job of a view task that changed state, after each tap, and at `render()` /
  /// `settle()` for changes made elsewhere; consecutive identical frames are recorded once (see
  /// "The frame rule" in the README).
  public var frames: [String] {
    core.flush()
    return core.frames
  }

  /// Taps what is titled `label` on screen — a button (whatever its label view), a navigation link,
  /// a view with `.onTapGesture`, a toolbar item — runs its action and draws what it changed as one
  /// frame. Only the topmost presentation (sheet, alert) and the top of each navigation stack can be
  /// tapped, as on screen. Work the action starts (a `Task`, a Kotlin call) is drawn as it lands;
  /// follow with `settle()`.
  /// - Throws: ``HeadlessHostError`` when nothing or several things have that title, or it is
  ///   disabled; the message lists what is on screen.
  public func tap(_ label: String) throws {
    core.flush()
    try tapControl(label)
    core.flush()  // one frame per tap: what the action changed synchronously
  }

  /// Returns when the views and the Kotlin work they started are quiet, decided from exact
  /// bookkeeping, never from a time window:
  /// - no render is pending and every view task has started;
  /// - no job of a view task is queued or running (the test scheduler counts each one from its
  ///   enqueue, on any thread, to its end), so every view task is parked on something that needs
  ///   outside input — a Kotlin flow or call, a `Task.sleep`, a continuation of yours;
  /// - the Kotlin runtime scope has nothing queued or running, and every Kotlin result handed to a
  ///   Swift task has been picked up.
  ///
  /// It first takes one FIFO turn of the main queue, so main-actor work already queued (a task a
  /// button started) runs before the check. When nothing is pending it returns after that one
  /// turn (microseconds). Under `.virtualAutoAdvance` virtual time moves while it waits, whenever
  /// both sides are idle; under `.virtual` it never moves the clock (see ``settleRunningDelays(timeout:)``
  /// and ``advanceTime(byMillis:timeout:)``).
  ///
  /// ```swift
  /// try host.tap("load")
  /// try await host.settle()
  /// #expect(host.render() == "Text \"Hello, Kotlin!\"")
  /// ```
  /// - Throws: ``HeadlessHostError`` with code `.notSettled` after `timeout`, saying what is busy.
  public func settle(timeout: Duration = .seconds(10)) async throws {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while true {
      core.flush()
      await Self.mainQueueTurn()
      core.flush()
      let swiftBusy = swiftWork()
      let kotlinIdle = waitForKotlin(timeoutMillis: 0)
      let handoffs = pendingHandoffs
      if swiftBusy.isEmpty, kotlinIdle, handoffs == 0 { return }
      if clock.now >= deadline {
        var busy = swiftBusy
        if !kotlinIdle { busy.append("the Kotlin runtime still had work queued or running") }
        if handoffs > 0 { busy.append("\(handoffs) Kotlin result(s) not yet picked up by a Swift task") }
        throw HeadlessHostError(
          code: .notSettled,
          message: "settle() timed out after \(timeout): \(busy.joined(separator: " and ")); "
            + "\(core.runningTaskCount) view task(s) running")
      }
      // Only Kotlin is busy: block until it is idle (or briefly), then let its callbacks' jobs run.
      if swiftBusy.isEmpty, handoffs == 0, !kotlinIdle { _ = waitForKotlin(timeoutMillis: 5) }
    }
  }

  /// What is still to run on the Swift side, in words (empty when nothing).
  private func swiftWork() -> [String] {
    var busy: [String] = []
    if core.renderScheduled { busy.append("a render was pending") }
    if !core.unstartedTasks.isEmpty { busy.append("\(core.unstartedTasks.count) view task(s) had not started") }
    if core.jobs.pending > 0 { busy.append("views kept changing (a view task always had a job queued)") }
    return busy
  }

  /// Settles, then runs the earliest pending delay of the scope's virtual clock and settles again,
  /// one delay at a time, until no delay is pending: every state the views reach between two
  /// delays is drawn (see ``frames``). The kotlinx-coroutines-test analogue is `advanceUntilIdle()`
  /// with the main dispatcher drained after each task.
  ///
  /// ```swift
  /// try await KotlinTestRuntime.withScope(clock: .virtual) { scope in
  ///   let host = HeadlessHost(TickView())
  ///   try await host.settleRunningDelays()
  ///   #expect(host.frames.count == 4)  // initial, then one frame per tick
  ///   await host.unmount()
  /// }
  /// ```
  /// - Parameter maxDelays: a guard against flows that never stop delaying (a ticker): after that
  ///   many delays it throws.
  /// - Throws: ``HeadlessHostError`` (`.notSettled`) from `settle()`, after `maxDelays` delays, or
  ///   when the host's scope does not use a virtual clock.
  public func settleRunningDelays(maxDelays: Int = 10_000, timeout: Duration = .seconds(10)) async throws {
    let scope = try virtualScope("settleRunningDelays()")
    try await settle(timeout: timeout)
    var delays = 0
    while scope.runNextDelay() {
      delays += 1
      try await settle(timeout: timeout)
      if delays >= maxDelays {
        throw HeadlessHostError(
          code: .notSettled,
          message: "settleRunningDelays(): still delaying after \(maxDelays) delays (a flow that never ends?); "
            + "use advanceTime(byMillis:) for a bounded stretch of virtual time")
      }
    }
  }

  /// Moves the scope's virtual clock forward by `millis`, one delay at a time, settling after each,
  /// so that one call spanning several delays draws the same frames as one call per delay.
  ///
  /// ```swift
  /// try await host.advanceTime(byMillis: 1_000)  // runs delays due at +500 and +1000, settling after each
  /// ```
  /// - Throws: ``HeadlessHostError`` from `settle()`, or when the scope's clock is not virtual.
  public func advanceTime(byMillis millis: Int64, timeout: Duration = .seconds(10)) async throws {
    let scope = try virtualScope("advanceTime(byMillis:)")
    guard millis >= 0 else {
      throw HeadlessHostError(
        code: .notVirtual, message: "advanceTime(byMillis: \(millis)): the duration must not be negative")
    }
    try await settle(timeout: timeout)
    let target = scope.currentTimeMillis + millis
    while scope.runNextDelay(dueBy: target) { try await settle(timeout: timeout) }
    scope.advance(byMillis: target - scope.currentTimeMillis)  // no delay left before target: moves the clock
    try await settle(timeout: timeout)
  }

  private func virtualScope(_ what: String) throws -> KotlinRuntimeScope {
    guard let scope = core.scope, scope.clock != .real else {
      throw HeadlessHostError(
        code: .notVirtual,
        message: "\(what) needs a virtual clock; create the host inside "
          + "KotlinTestRuntime.withScope(clock: .virtual) or a @Test(.kotlinLeakCheck(clock: .virtual))")
    }
    return scope
  }

  /// Resumes after one trip through the main dispatch queue: everything enqueued before has run.
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

  /// The scene phase every view reads with `@Environment(\.scenePhase)`: `.active` until set.
  /// Setting it re-renders the screen as one frame, and `.onChange(of: scenePhase)` actions run, as
  /// when the app goes to the background and comes back.
  ///
  /// ```swift
  /// host.scenePhase = .background   // the screen stops collecting its Kotlin flow
  /// try await host.settle()
  /// host.scenePhase = .active
  /// ```
  public var scenePhase: ScenePhase {
    get { core.baseEnvironment.scenePhase }
    set { core.changeBaseEnvironment { $0.scenePhase = newValue } }
  }

  /// Removes the root view: every `.task` is cancelled (and awaited, so Kotlin collections are
  /// released when this returns), `onDisappear` runs, state is dropped. The last frame is empty.
  public func unmount() async {
    await core.unmount()
    core.jobs.releaseAdopted()
    // The tasks have ended, but a cancelled collection's terminal callback may still be finishing
    // its release on a Kotlin worker: wait (bounded) until the Kotlin side is idle.
    _ = waitForKotlin(timeoutMillis: 5_000)
    if let mounted { core.scope?.activities.end(mounted) }
    mounted = nil
    ownScope?.close()
  }
}
