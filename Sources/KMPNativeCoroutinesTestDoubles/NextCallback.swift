import KotlinBridge
import Locking

/// What resumed a Kotlin collector waiting for Swift to call `next`.
enum NextOutcome: Sendable {
  /// Swift called `next`.
  case next
  /// Swift released `next` without calling it: on iOS the collector would wait forever.
  case abandoned
}

/// The `next` callback Kotlin hands Swift with each item: resumes the waiting collector once.
///
/// On iOS the collector waits in `suspendCoroutine`, which ignores cancellation, so a `next` that
/// Swift drops without calling leaves the Kotlin job suspended forever: never completed, its
/// `finally` never run, its upstream still subscribed. This object sees that happen (it is released
/// uncalled), reports it as a misuse naming the item, and resumes the collector so that the test can
/// end; the collector then ends as cancelled.
final class NextCallback: Sendable {
  private let resume: Locked<(@Sendable (NextOutcome) -> Void)?>
  private let item: String
  private let scope: KotlinRuntimeScope?

  init(item: String, scope: KotlinRuntimeScope?, resume: @escaping @Sendable (NextOutcome) -> Void) {
    self.item = item
    self.scope = scope
    self.resume = Locked(resume)
  }

  /// Swift called `next`.
  func call() {
    guard let resume = take() else {
      MisuseReport.report(
        "this would crash on iOS: `next` of the NativeFlow item \(item) was called twice (Kotlin's "
          + "suspendCoroutine throws IllegalStateException: Already resumed); call it exactly once per item",
        in: scope)
      return
    }
    resume(.next)
  }

  deinit {
    guard let resume = take() else { return }
    MisuseReport.report(
      "this would hang on iOS: the Kotlin collection of a NativeFlow never completes — Swift released the `next` "
        + "callback of item \(item) without calling it, so the Kotlin collector stays suspended for good: the flow's "
        + "`finally` never runs and it stays subscribed (KMPNativeCoroutinesAsync's iterator holds one item ahead and "
        + "drops it, with its `next`, when a loop is left early with break, return or a thrown error; a Combine "
        + "subscription cancelled while it waits for demand drops it too). Let the loop "
        + "run until the flow completes or the task is cancelled, or take the items you need in Kotlin (take(n), "
        + "first()) and expose a suspend function",
      in: scope)
    resume(.abandoned)
  }

  private func take() -> (@Sendable (NextOutcome) -> Void)? {
    resume.withLock { resume in
      defer { resume = nil }
      return resume
    }
  }
}
