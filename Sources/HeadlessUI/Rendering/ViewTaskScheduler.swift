import Dispatch
import KotlinBridge
import Locking
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The test scheduler's Swift half: every job of a view task (`.task`) runs as one main-queue
/// block that the host can see, counted from the moment it is enqueued until it has run.
///
/// Like `Dispatchers.setMain(StandardTestDispatcher())` in kotlinx-coroutines-test, this puts a
/// host's view tasks on one serial queue whose contents are known exactly:
/// - a job of a view task (the slice of its code between two suspension points) is counted when
///   it is enqueued — on whatever thread resumes it, a Kotlin worker included — and uncounted
///   after it has run, so `settle()` knows without any time window whether the views still have
///   work; a task parked on a Kotlin flow or call has no job until Kotlin resumes it;
/// - after each job the host draws what the job changed: one frame per job (Molecule's immediate
///   mode: one recomposition per change of state);
/// - while a job is queued or running, the scope's auto-advancing virtual clock holds still
///   (`shared_TestRuntime_holdClock`), so virtual time moves only when both sides are idle;
/// - a view task's nonisolated code runs on the main queue too, so nothing of it runs concurrently.
///
/// It hooks the Swift runtime's global enqueue (the hook swift-concurrency-extras'
/// `withMainSerialExecutor` uses). Jobs of tasks that are not view tasks go to the runtime's own
/// executor untouched; view tasks are recognised by the address of their task, which is the
/// address of every job the task enqueues.
enum ViewTaskScheduler {
  private typealias Original = @convention(thin) (UnownedJob) -> Void
  private typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

  /// View tasks by task address.
  private static let tasks = Locked<[UInt: HostJobs]>([:])
  /// How many tasks `tasks` holds: zero lets every other enqueue skip the lock.
  private static let registered = Atomic<Int>(0)

  /// Installs the hooks once per process (idempotent; the first host does it).
  static func installIfNeeded() {
    _ = installed
  }

  private static let installed: Bool = {
    guard let process = dlopen(nil, RTLD_NOW) else { return false }
    for name in ["swift_task_enqueueGlobal_hook", "swift_task_enqueueMainExecutor_hook"] {
      guard let symbol = dlsym(process, name) else { continue }
      let slot = symbol.assumingMemoryBound(to: Hook?.self)
      if name == "swift_task_enqueueGlobal_hook" {
        previousGlobal.store(bits(of: slot.pointee), ordering: .releasing)
        slot.pointee = { job, original in
          guard let jobs = ViewTaskScheduler.jobs(of: job) else {
            // Not a view task: whoever hooked before us (swift-concurrency-extras, say), or the runtime.
            if let previous = ViewTaskScheduler.hook(ViewTaskScheduler.previousGlobal) {
              return previous(job, original)
            }
            return original(job)
          }
          ViewTaskScheduler.enqueue(job, for: jobs)
        }
      } else {
        previousMain.store(bits(of: slot.pointee), ordering: .releasing)
        slot.pointee = { job, original in
          guard let jobs = ViewTaskScheduler.jobs(of: job) else {
            if let previous = ViewTaskScheduler.hook(ViewTaskScheduler.previousMain) { return previous(job, original) }
            return original(job)
          }
          ViewTaskScheduler.enqueue(job, for: jobs)
        }
      }
    }
    return true
  }()

  // The hooks installed before ours, as function-pointer bits (0: none). Atomics, not plain statics:
  // the runtime reads the hook slot without synchronisation, so a plain write before publishing it
  // is a data race to ThreadSanitizer (and to the memory model).
  private static let previousGlobal = Atomic<UInt>(0)
  private static let previousMain = Atomic<UInt>(0)

  private static func bits(of hook: Hook?) -> UInt {
    guard let hook else { return 0 }
    return unsafeBitCast(hook, to: UInt.self)
  }

  private static func hook(_ bits: borrowing Atomic<UInt>) -> Hook? {
    let value = bits.load(ordering: .acquiring)
    return value == 0 ? nil : unsafeBitCast(value, to: Hook.self)
  }

  private static func address(of job: UnownedJob) -> UInt {
    UInt(bitPattern: unsafeBitCast(job, to: UnsafeRawPointer.self))
  }

  private static func jobs(of job: UnownedJob) -> HostJobs? {
    guard registered.load(ordering: .acquiring) > 0 else { return nil }
    let key = address(of: job)
    return tasks.withLock { $0[key] }
  }

  private static func enqueue(_ job: UnownedJob, for jobs: HostJobs) {
    jobs.queued()
    DispatchQueue.main.async {
      MainActor.assumeIsolated {
        jobs.willRun()
        job.runSynchronously(on: MainActor.sharedUnownedExecutor)
        jobs.didRun()
      }
    }
  }

  /// The running task's address: the address of every job it enqueues.
  private static func currentTaskAddress() -> UInt? {
    withUnsafeCurrentTask { task in task.map { UInt(bitPattern: unsafeBitCast($0, to: UnsafeRawPointer.self)) } }
  }

  /// From inside a view task (its first slice): its later jobs are counted for `jobs`.
  static func registerCurrentTask(with jobs: HostJobs) -> UInt? {
    guard let key = currentTaskAddress() else { return nil }
    tasks.withLock { tasks in
      if tasks.updateValue(jobs, forKey: key) == nil { registered.add(1, ordering: .releasing) }
    }
    return key
  }

  /// After the task ended (its handle still held, so the address cannot have been reused yet).
  static func unregister(_ key: UInt) {
    tasks.withLock { tasks in
      if tasks.removeValue(forKey: key) != nil { registered.subtract(1, ordering: .releasing) }
    }
  }

  /// From inside a task a button's action (or a view task) started, about to wait on Kotlin: its
  /// later jobs are counted for `jobs` too. The task object is retained until `release(adopted:)`,
  /// so its address cannot be reused by another task while it is registered. Returns the address
  /// when the task was newly adopted.
  static func adoptCurrentTask(into jobs: HostJobs) -> UInt? {
    guard let key = currentTaskAddress(), let pointer = UnsafeRawPointer(bitPattern: key) else { return nil }
    let adopted = tasks.withLock { tasks -> Bool in
      guard tasks[key] == nil else { return false }
      tasks[key] = jobs
      registered.add(1, ordering: .releasing)
      return true
    }
    guard adopted else { return nil }
    _ = Unmanaged<AnyObject>.fromOpaque(pointer).retain()
    return key
  }

  /// Forgets adopted tasks (at unmount) and drops the retains `adoptCurrentTask` took.
  static func release(adopted keys: [UInt]) {
    for key in keys { unregister(key) }
    for key in keys {
      guard let pointer = UnsafeRawPointer(bitPattern: key) else { continue }
      Unmanaged<AnyObject>.fromOpaque(pointer).release()
    }
  }
}

/// One host's view-task jobs: how many are queued or running, and what to do around each.
final class HostJobs: KotlinWaitObserving {
  /// Tasks adopted because they waited on Kotlin (started by a button's action, say).
  private let adopted = Locked<[UInt]>([])

  /// In a task started by a button's action or a view task, about to wait on Kotlin.
  func taskWillWaitOnKotlin() {
    guard let key = ViewTaskScheduler.adoptCurrentTask(into: self) else { return }
    adopted.withLock { $0.append(key) }
  }

  /// Jobs started so far (see `KotlinWaitObserving.jobsStarted`).
  var jobsStarted: UInt64 { started.load(ordering: .acquiring) }
  private let started = Atomic<UInt64>(0)

  /// A yield: the task's next job is counted and queued like any other, behind the frame of the
  /// job that ends here.
  func continueInNewJob() async {
    await Task.yield()
  }

  /// At unmount: adopted tasks are no longer followed.
  func releaseAdopted() {
    let keys = adopted.withLock { keys in
      defer { keys.removeAll() }
      return keys
    }
    ViewTaskScheduler.release(adopted: keys)
  }

  private let scope: KotlinRuntimeScope?
  private let holdsClock: Bool
  private let count = Locked<Int>(0)
  // nonisolated(unsafe): set once on the main actor before any job exists, read only on the main actor.
  nonisolated(unsafe) private weak var core: HostCore?

  init(scope: KotlinRuntimeScope?) {
    self.scope = scope
    holdsClock = scope.map { $0.clock == .virtualAutoAdvance } ?? false
  }

  @MainActor func attach(_ core: HostCore) { self.core = core }

  /// Jobs queued or running now.
  var pending: Int { count.withLock { $0 } }

  /// Any thread, at enqueue: counted (and the clock held) before the enqueue returns.
  func queued() {
    count.withLock { $0 += 1 }
    if holdsClock { scope?.holdClock(+1) }
  }

  /// Main actor, right after something queued main-actor work the scheduler cannot see yet — a
  /// view task just created, a `Task` a button's action started: counts as one job (and holds the
  /// clock) until one FIFO main-queue turn later, by when that work has had its first slice. So
  /// virtual time cannot move between a tap and the first slice of the task it started (as in
  /// kotlinx-coroutines-test, where a launched coroutine is runnable work that stops time).
  @MainActor func holdForOneTurn() {
    queued()
    DispatchQueue.main.async {
      self.count.withLock { $0 -= 1 }
      if self.holdsClock { self.scope?.holdClock(-1) }
    }
  }

  @MainActor func willRun() {
    started.add(1, ordering: .releasing)
    core?.jobStarted()
  }

  /// After the job: draw what it changed; uncount it (and let the clock move) one main-queue turn
  /// later. A job can hand its task on through the main queue — resuming a continuation from the
  /// main actor (a `Task.yield()`) goes through a main-queue block before the task's next job is
  /// enqueued here — and that block, queued during the job, runs before this FIFO turn, so the
  /// count never reads zero in between.
  @MainActor func didRun() {
    core?.jobFinished()
    DispatchQueue.main.async {
      self.count.withLock { $0 -= 1 }
      if self.holdsClock { self.scope?.holdClock(-1) }
    }
  }
}
