import FlowTesting
import KMPNativeCoroutinesAsync
import KMPNativeCoroutinesTestDoubles
import KotlinTestDoubles
import Testing

/// Two tasks calling `next()` on one iterator: the library stops the app with `fatalError`; the
/// harness throws an error saying so, and the test fails instead of the process.
@Suite(.kotlinLeakCheck(clock: .virtual), .timeLimit(.minutes(1)))
struct ConcurrentNextTests {
  @Test func aSecondWaitingNextThrowsWhatIOSWouldDo() async throws {
    let never = flow { (_: FlowCollector<Int32>) in try await awaitCancellation() }
    let iterator = asyncSequence(for: never.asNativeFlow()).makeAsyncIterator()
    let first = await withTaskGroup(of: String.self) { group in
      for _ in 0..<2 {
        group.addTask {
          do {
            return "next: \(String(describing: try await iterator.next()))"
          } catch {
            return "\(error)"
          }
        }
      }
      let first = await group.next() ?? ""  // the waiting one cannot end before it is cancelled
      group.cancelAll()
      return first
    }
    #expect(first.hasPrefix("this would crash on iOS: Fatal error: Concurrent calls to next aren't supported"))
  }
}
