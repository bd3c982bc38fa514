import Dispatch

/// Where test-double bodies run: threads of their own, as Kotlin code runs on its dispatcher's threads,
/// not on Swift's cooperative pool.
///
/// `advance(byMillis:)`, `runNextDelay()`, `waitUntilIdle(timeoutMillis:)` (and a turbine stepping a
/// `.virtual` clock) block their thread until the scope's bodies reach their next suspension. Called from
/// pool threads, as many at once as the pool is wide (the number of cores), they would leave no pool
/// thread for the very bodies they wait for. A queue of its own gets a new thread when its threads block.
final class BodyExecutor: TaskExecutor {
  static let shared = BodyExecutor()

  private let queue = DispatchQueue(label: "KotlinTestDoubles.body", attributes: .concurrent)

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedTaskExecutor()
    queue.async { job.runSynchronously(on: executor) }
  }
}
