import Foundation
import KotlinFixtures

/// Runs `body` on a thread of its own, in the calling task's Kotlin runtime scope, and returns its
/// result without blocking a thread of Swift's cooperative pool.
///
/// For the functions Kotlin declares without `suspend` that wrap `runBlocking` (closures.kt): they block
/// their thread until the Swift closures they await have run, and those closures run as tasks on the
/// cooperative pool. Upstream calls them straight from the test's task, which works where the pool is
/// wide; on a two-core machine running tests in parallel, every pool thread could be blocked that way,
/// with the closures left waiting for one.
func offPool<R: Sendable>(_ body: @escaping @Sendable () -> R) async -> R {
  let scope = KotlinRuntimeScope.current
  return await withCheckedContinuation { (continuation: CheckedContinuation<R, Never>) in
    let thread = Thread {
      KotlinRuntimeScope.$current.withValue(scope) { continuation.resume(returning: body()) }
    }
    thread.start()
  }
}
