import KotlinFixtures
import Testing

/// Cancellation is seen before every element, not once per batch: a loop whose task is cancelled
/// gets no further element from the batch it is in (up to 4096 with `.batched`), so its latency is
/// one element of its own work, whatever the buffer. It used to run the rest of the batch first.
@Suite("Cancellation within a batch")
struct CancellationWithinBatchTests {
  @Test("cancelled after its first element, the loop receives no other", arguments: Policies.lossless)
  func noElementAfterCancellation(policy: KotlinBufferingPolicy) async throws {
    try await withLeakCheckedScope { _ in
      let task = Task {
        var seen = 0
        do {
          for try await _ in range(count: 100_000).asAsyncSequence(bufferingPolicy: policy) {
            seen += 1
            if seen == 1 { withUnsafeCurrentTask { $0?.cancel() } }
          }
          return (seen, "finished")
        } catch {
          return (seen, "\(type(of: error))")
        }
      }
      let (seen, ending) = await task.value
      #expect(seen == 1, "elements received after the task was cancelled: \(seen - 1)")
      #expect(ending == "CancellationError")
    }
  }
}
