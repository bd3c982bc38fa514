import FlowTesting
import KotlinBridge
import SKIERuntime
import Testing

/// Cancelling the task that iterates a SKIE flow ends the loop with `nil` (no error to catch), the
/// task stays cancelled, and the Kotlin collection is cancelled in its delay.
@Suite(.kotlinLeakCheck(clock: .virtual), .timeLimit(.minutes(1)))
struct CancellationTests {
  @Test func cancelledTaskEndsTheLoop() async throws {
    let scope = try #require(KotlinRuntimeScope.current)
    let ticker = Ticker()
    let ticks = ticker.ticks
    let loop = Task {
      var received: [Int32] = []
      for await tick in ticks { received.append(tick) }
      return (received, Task.isCancelled)
    }
    scope.advance(byMillis: 1_000)  // the first tick; the flow then waits in its second delay
    loop.cancel()
    let (received, cancelled) = await loop.value
    #expect(received.count <= 1)
    #expect(cancelled)
    #expect(scope.currentTimeMillis == 1_000)
  }
}
