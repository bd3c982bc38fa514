/// Lets a test host follow the Swift tasks that wait on Kotlin: a task about to wait for a Kotlin
/// flow item or a suspend call's outcome tells the observer of its task-local context first.
///
/// `HeadlessHost` sets the observer around a button's action and in its view tasks; a `Task` the
/// action starts inherits it, so that task's later jobs are counted and drawn like a view task's
/// (see `ViewTaskScheduler`). Package-internal: user code never sees it.
package protocol KotlinWaitObserving: Sendable {
  /// Called in the waiting task, before it suspends.
  func taskWillWaitOnKotlin()
}

package enum KotlinWaitObserver {
  @TaskLocal package static var current: (any KotlinWaitObserving)?

  /// Tells the current observer, if any, that the running task is about to wait on Kotlin.
  package static func willWait() { current?.taskWillWaitOnKotlin() }
}
