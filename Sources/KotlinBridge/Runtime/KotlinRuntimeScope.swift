import CInterop
import Locking
import Synchronization

/// A Kotlin runtime scope: its own clock and its own bookkeeping, so tests running in parallel
/// never see each other's virtual time or leak counts.
///
/// Collections and suspend calls started by a task inside ``KotlinTestRuntime/withScope(clock:_:)``
/// are attributed to that scope (through a task-local), including those of child tasks.
///
/// ```swift
/// try await KotlinTestRuntime.withScope(clock: .virtual) { scope in
///   let iterator = ticks(periodMillis: 1_000, count: 3).asAsyncSequence().makeAsyncIterator()
///   async let first = iterator.next()
///   while scope.pendingDelayCount == 0 { await Task.yield() }  // the producer reached its delay
///   scope.advance(byMillis: 1_000)
///   #expect(try await first == 0)
/// }
/// ```
public final class KotlinRuntimeScope: Sendable {
  /// The scope of the running task (set by ``KotlinTestRuntime/withScope(clock:isolation:_:)``), if any.
  @TaskLocal public static var current: KotlinRuntimeScope?

  /// The scope's handle in the C runtime. A token, never dereferenced in Swift.
  let handle: shared_Scope
  /// The clock this scope was opened with.
  public let clock: KotlinClock
  private let closed = Atomic<Bool>(false)
  package let handoffs = HandoffCounter()
  /// What on the Swift side still holds Kotlin work of this scope (named in leak reports).
  package let activities = ScopeActivities()

  /// Values or outcomes Kotlin has handed to a waiting Swift task that has not picked them up yet
  /// (its continuation is resumed, the task not yet running). Zero when the Swift side has caught up.
  public var pendingHandoffs: Int { handoffs.pending }

  package init(clock: KotlinClock) throws(KotlinInteropError) {
    let mode: shared_ClockMode
    switch clock {
    case .real: mode = shared_ClockMode_real
    case .virtual: mode = shared_ClockMode_virtual
    case .virtualAutoAdvance: mode = shared_ClockMode_virtualAutoAdvance
    }
    let handle = shared_TestRuntime_openScope(Int32(mode.rawValue))
    guard handle.pinned != nil else {
      throw KotlinInteropError(code: .refused, message: "the Kotlin runtime could not open a scope")
    }
    self.handle = handle
    self.clock = clock
    if clock == .virtualAutoAdvance { handoffs.holdClock(of: self) }
    KotlinRuntimeScope.registry.withLock { $0[UInt(bitPattern: handle.pinned)] = WeakScope(scope: self) }
  }

  /// Open scopes by C handle, so that Swift code Kotlin starts on a worker thread (a test double's
  /// body) runs in the scope of the job that started it.
  private static let registry = Locked<[UInt: WeakScope]>([:])

  private struct WeakScope {
    weak var scope: KotlinRuntimeScope?
  }

  /// The scope the C runtime works for on this thread (on a worker, the scope of the job it runs),
  /// or nil for the global scope.
  package static func currentOnThisThread() -> KotlinRuntimeScope? {
    guard let pointer = shared_Doubles_currentScope().pinned else { return nil }
    return registry.withLock { $0[UInt(bitPattern: pointer)]?.scope }
  }

  /// Cancels whatever still runs in the scope; work started in it later (by a task that outlived
  /// `withScope`) is cancelled at once instead of escaping into the global scope. Idempotent.
  package func close() {
    guard !closed.exchange(true, ordering: .acquiringAndReleasing) else { return }
    _ = shared_TestRuntime_cancelScope(handle)
  }

  /// Whether the scope's `withScope` has ended.
  public var isClosed: Bool { closed.load(ordering: .acquiring) }

  deinit {
    let key = UInt(bitPattern: handle.pinned)
    KotlinRuntimeScope.registry.withLock { entries in
      if entries[key]?.scope == nil { entries[key] = nil }
    }
    _ = shared_TestRuntime_closeScope(handle)
  }

  /// This scope's counts (not the whole process's); still readable after it closed.
  public func snapshot() -> KotlinRuntimeSnapshot {
    var counters = shared_Counters()
    _ = shared_TestRuntime_counters(handle, &counters)
    return KotlinRuntimeSnapshot(counters)
  }

  /// The last misuse the runtime reported in this scope, if any.
  public var lastMisuse: String? { KotlinABI.takeString(shared_TestRuntime_lastMisuse(handle)) }

  /// The classes of the Kotlin objects this scope's live stable refs point at, most numerous first:
  /// `2 × kotlinx.coroutines.flow.MutableStateFlow, 1 × com.example.InboxViewModel`; nil if none. What a
  /// leak report names.
  public var liveObjectClasses: String? { KotlinABI.takeString(shared_TestRuntime_liveRefClasses(handle)) }

  /// The scope's time in milliseconds (virtual time, or a monotonic clock for `.real`).
  public var currentTimeMillis: Int64 { shared_TestRuntime_currentTimeMillis(handle) }

  /// How many Kotlin delays wait on this scope's virtual clock (0 for a real-time scope).
  ///
  /// A call started with `async let` has not necessarily reached its `delay` when the next line runs;
  /// advancing before it does moves time past nothing. Wait for the delay to be armed first:
  ///
  /// ```swift
  /// async let answer = callAfter(delayMillis: 1_000) { 42 }
  /// while scope.pendingDelayCount == 0 { await Task.yield() }
  /// scope.advance(byMillis: 1_000)
  /// #expect(try await answer == 42)
  /// ```
  public var pendingDelayCount: Int { pendingDelays?.count ?? 0 }

  /// When (absolute virtual time, ms) the earliest pending delay is due; nil when none is pending or
  /// the scope's clock is real.
  public var nextDelayDueMillis: Int64? { pendingDelays?.earliestDueMillis }

  /// Delays pending on this scope's virtual clock: how many, and when (absolute virtual time) the
  /// earliest is due. Nil for a real-time scope, whose delays wait on the wall clock.
  package var pendingDelays: (count: Int, earliestDueMillis: Int64?)? {
    var earliest: Int64 = 0
    let count = shared_TestRuntime_pendingDelays(handle, &earliest)
    guard count >= 0 else { return nil }
    return (Int(count), count > 0 ? earliest : nil)
  }

  /// Runs, in time order, every delay due within `millis` of virtual time, waiting after each for
  /// the Kotlin side to go quiet; then sets the clock to now + `millis`.
  ///
  /// - Precondition: the scope's clock is virtual. Calling it on a real-time scope is a programming
  ///   error reported with `preconditionFailure`.
  public func advance(byMillis millis: Int64) {
    precondition(clock != .real, "advance(byMillis:) needs a scope opened with clock: .virtual")
    precondition(millis >= 0, "advance(byMillis:) needs a non-negative duration, got \(millis)")
    _ = shared_TestRuntime_advanceBy(handle, millis)
  }

  /// Blocks up to `timeoutMillis` until the Kotlin side of this scope has nothing running or
  /// queued (no producer step, delivery or callback in flight); returns whether it is idle.
  public func waitUntilIdle(timeoutMillis: Int64) -> Bool {
    shared_TestRuntime_awaitIdle(handle, timeoutMillis)
  }

  /// Moves the clock to the earliest pending delay and runs it; `false` when none is pending.
  @discardableResult
  public func runNextDelay() -> Bool {
    precondition(clock != .real, "runNextDelay() needs a scope opened with clock: .virtual")
    return shared_TestRuntime_runNextDelay(handle)
  }

  /// Runs the earliest pending delay due at or before `limitMillis` (absolute virtual time) and
  /// waits for the Kotlin side to go quiet; `false` when no delay is due by then (nothing changes).
  @discardableResult
  public func runNextDelay(dueBy limitMillis: Int64) -> Bool {
    precondition(clock != .real, "runNextDelay(dueBy:) needs a scope opened with clock: .virtual")
    return shared_TestRuntime_runNextDelayDueBy(handle, limitMillis)
  }

  /// Counts work outside the Kotlin runtime (a host's view-task jobs) that an auto-advancing
  /// clock must wait for: while the count is above zero, virtual time holds still.
  package func holdClock(_ delta: Int32) {
    _ = shared_TestRuntime_holdClock(handle, delta)
  }

  /// Runs every pending delay, in time order, until none is left.
  public func advanceUntilIdle() {
    precondition(clock != .real, "advanceUntilIdle() needs a scope opened with clock: .virtual")
    _ = shared_TestRuntime_advanceUntilIdle(handle)
  }
}

extension KotlinRuntimeSnapshot {
  init(_ counters: shared_Counters) {
    self.init(
      liveStableRefs: Int(counters.liveStableRefs), liveCollections: Int(counters.liveCollections),
      pendingCalls: Int(counters.pendingCalls), misuses: Int(counters.misuses),
      collectionsStarted: Int(counters.collectionsStarted), producerFinallyRuns: Int(counters.producerFinallyRuns),
      bufferedItems: Int(counters.bufferedItems), waitingConsumers: Int(counters.waitingConsumers))
  }
}
