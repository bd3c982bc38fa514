import Dispatch
import KotlinBridge

/// The harness's rule for who runs first when Swift lets a Kotlin collector continue: Kotlin.
///
/// On iOS, `next` resumes the Kotlin collector on the thread that is already running it, while the
/// Swift task that gets the item must first be scheduled; so Kotlin practically always reaches its
/// next suspension point (often with the next item delivered and held) before Swift's loop body runs.
/// Under a virtual clock the harness makes that order certain, so runs are deterministic: the item
/// is handed to Swift once the scope's Kotlin side is idle. Under the real clock (or outside any
/// scope) both sides run concurrently, as on a device.
struct KotlinTurn: Sendable {
  let scope: KotlinRuntimeScope?
  let handoffs: HandoffCounter

  /// The scope of the running task.
  static func current() -> KotlinTurn {
    let scope = KotlinRuntimeScope.current
    return KotlinTurn(scope: scope, handoffs: HandoffCounter.of(scope))
  }

  private var ordersTurns: Bool {
    guard let scope, !scope.isClosed else { return false }
    return scope.clock != .real
  }

  /// Runs `resume` (which resumes a waiting Swift task) once Kotlin's turn is over. Counted as a
  /// handoff until the resumed task calls `pickedUp()`.
  func handOver(_ resume: @escaping @Sendable () -> Void) {
    handoffs.handedOver()
    guard ordersTurns, let scope else { return resume() }
    // A serial queue of its own: served by Dispatch's overcommitting threads, so the blocking wait
    // never takes a thread from the capped pool that Swift's tasks (and so Kotlin's bodies) need.
    DispatchQueue(label: "KMPNativeCoroutines.turn").async {
      _ = scope.waitUntilIdle(timeoutMillis: KotlinTurn.hangGuardMillis)
      resume()
    }
  }

  /// The resumed task has its value.
  func pickedUp() { handoffs.pickedUp() }

  /// Suspends the calling task until Kotlin's turn is over (nothing to wait for under the real clock).
  func waitForKotlin() async {
    guard ordersTurns else { return }
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      handOver { continuation.resume() }
    }
    pickedUp()
  }

  /// Only against hangs: a Kotlin side that never goes idle (a body spinning without suspending).
  static let hangGuardMillis: Int64 = 30_000
}
