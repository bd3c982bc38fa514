/// Swift code that the Kotlin runtime counts as running work of its scope — a test double's body —
/// and that must stop counting while it awaits another Kotlin call, or virtual time could never
/// move for that call's delays.
///
/// `suspended()` is called after the awaited call has started (its job is queued, so the scope has
/// work), and `resumed()` on the Kotlin worker that delivers the outcome, before the awaiting task is
/// resumed (so the scope has work until the body runs again). The two may arrive in either order.
package protocol KotlinCallerActivity: Sendable {
  func suspended()
  func resumed()
}

/// The caller activity of the running task, if it is a test double's body.
package enum KotlinCaller {
  /// The activity and the task it belongs to. Task-locals are inherited by every task the body
  /// starts (`Task { }`, `async let`, a task group), but those tasks are not the body: their waits
  /// must not make the body look suspended (virtual time would move while it runs) nor reach its
  /// Kotlin token after it ended (a use after dispose). So the owner's identity travels with it.
  @TaskLocal private static var owned: (activity: any KotlinCallerActivity, task: UInt?)?

  /// The activity of the current task: `nil` in a task the activity's own task started.
  package static var activity: (any KotlinCallerActivity)? {
    guard let owned, owned.task == currentTaskID() else { return nil }
    return owned.activity
  }

  /// Runs `body` with `activity` as the current task's (and only the current task's) activity.
  package static func withActivity<R>(
    _ activity: any KotlinCallerActivity,
    isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> R
  ) async rethrows -> R {
    try await $owned.withValue((activity, currentTaskID()), operation: body, isolation: isolation)
  }

  /// An identity of the running task, stable while it runs (the task object's address).
  package static func currentTaskID() -> UInt? {
    withUnsafeCurrentTask { task in task.map { UInt(bitPattern: $0.hashValue) } }
  }
}
