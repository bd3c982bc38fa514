import Dispatch

/// Where one test-double body runs: a serial queue of its own, so on a thread outside Swift's
/// cooperative pool, as Kotlin code runs on its dispatcher's threads.
///
/// `advance(byMillis:)`, `runNextDelay()`, `waitUntilIdle(timeoutMillis:)` (and a turbine stepping a
/// `.virtual` clock) block their thread until the scope's bodies reach their next suspension. Called from
/// pool threads, as many at once as the pool is wide (the number of cores), they would leave no pool
/// thread for the very bodies they wait for. A serial queue is served by Dispatch's overcommitting
/// threads, which are added at once when others block (a concurrent queue's are capped at the number of
/// cores, and grown only by a slow monitor). The body's own code is sequential anyway, like a coroutine.
final class BodyExecutor: TaskExecutor {
  private let queue = DispatchQueue(label: "KotlinTestDoubles.body")

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    // `self` is captured strongly: the executor lives as long as a job of it is queued or running.
    queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
  }
}
