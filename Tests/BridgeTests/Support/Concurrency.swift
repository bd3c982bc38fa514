import Dispatch
import KotlinBridge
import Locking

/// Keeps the completion `start` was handed, so the test can answer it later from any thread.
final class CompletionBox<Value: Sendable>: Sendable {
  private let slot = Locked<OneShotCompletion<Value>?>(nil)

  func store(_ completion: OneShotCompletion<Value>) { slot.withLock { $0 = completion } }

  var completion: OneShotCompletion<Value> {
    guard let completion = slot.withLock({ $0 }) else { preconditionFailure("start was not called") }
    return completion
  }
}

/// Resumes `completion` with each value at the same time from separate threads; returns what each
/// `resume` returned once all of them have run.
func answerConcurrently(_ completion: OneShotCompletion<Int>, with values: [Int]) async -> [Bool] {
  let results = Locked<[Bool]>([])
  let group = DispatchGroup()
  for value in values {
    DispatchQueue.global().async(group: group) {
      let won = completion.resume(returning: value)
      results.withLock { $0.append(won) }
    }
  }
  await withCheckedContinuation { continuation in group.notify(queue: .global()) { continuation.resume() } }
  return results.withLock { $0 }
}

/// Runs `body` on the main actor as a new task. Callers started this way from a `@MainActor` test
/// run in order, each up to its first real suspension, before anything the test enqueues later:
/// the main actor is a FIFO executor, and `SingleFlightBridge.run` registers the caller without
/// leaving the caller's actor.
@MainActor
func onMain<Value: Sendable>(_ body: @escaping @MainActor () async throws -> Value) -> Task<Value, any Error> {
  Task { @MainActor in try await body() }
}

/// Busy-waits `units` small steps (nothing for 0 or less): shifts one racing thread against another
/// by a fraction of a microsecond. Not a sleep: nothing waits for it.
func spin(_ units: Int) {
  guard units > 0 else { return }
  let steps = Locked(0)
  for _ in 0..<units { steps.withLock { $0 += 1 } }
}

/// Returns once every job already enqueued on the main actor has run.
@MainActor
func drainMainActor() async {
  await Task { @MainActor in }.value
}
