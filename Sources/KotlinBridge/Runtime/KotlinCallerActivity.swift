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
  @TaskLocal package static var activity: (any KotlinCallerActivity)?
}
