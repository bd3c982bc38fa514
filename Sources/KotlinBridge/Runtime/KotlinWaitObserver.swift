/// Lets a test host follow the Swift tasks that wait on Kotlin: a task about to wait for a Kotlin
/// flow item or a suspend call's outcome tells the observer of its task-local context first.
///
/// `HeadlessHost` sets the observer around a button's action and in its view tasks; a `Task` the
/// action starts inherits it, so that task's later jobs are counted and drawn like a view task's
/// (see `ViewTaskScheduler`). Package-internal: user code never sees it.
package protocol KotlinWaitObserving: Sendable {
  /// Called in the waiting task, before it suspends.
  func taskWillWaitOnKotlin()

  /// How many of the observer's jobs have started so far: unchanged across an `await` means the
  /// task did not suspend (the work it awaited was already there).
  var jobsStarted: UInt64 { get }

  /// Ends the running task's current job and continues it in a new one (a yield).
  func continueInNewJob() async
}

package enum KotlinWaitObserver {
  @TaskLocal package static var current: (any KotlinWaitObserving)?

  /// Tells the current observer, if any, that the running task is about to wait on Kotlin.
  package static func willWait() { current?.taskWillWaitOnKotlin() }
}

/// One flow element, one job: under a test host, an element a consumer takes without suspending —
/// buffered in its batch, already waiting in the collection, or arrived while it was about to
/// suspend — is still handed over in a job of its own. So a host draws one frame per element
/// whether the Kotlin producer ran ahead or not; without it, how many elements one job takes (and
/// so which frames exist) would depend on thread timing. An iterator looks its pacer up once, at
/// its first element; without a host that is one task-local read per iteration, not per element.
@usableFromInline
struct FlowElementPacer: Sendable {
  private let observer: any KotlinWaitObserving

  /// The running task's pacer: nil unless a test host observes the task.
  @usableFromInline
  static func current() -> FlowElementPacer? {
    KotlinWaitObserver.current.map(FlowElementPacer.init(observer:))
  }

  /// Before taking an element.
  @usableFromInline
  func mark() -> UInt64 { observer.jobsStarted }

  /// After taking an element: if no new job started since `mark`, the element came without a
  /// suspension; continue in a new job before handing it over.
  @usableFromInline
  func pace(since mark: UInt64) async {
    if observer.jobsStarted == mark { await observer.continueInNewJob() }
  }
}
