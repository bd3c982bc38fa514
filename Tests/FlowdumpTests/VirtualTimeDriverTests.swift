import KotlinFixtures
import KotlinTestDoubles
import Testing

@testable import flowdump

@Suite("The virtual-time driver")
struct VirtualTimeDriverTests {
  /// Issue 28: 3.7 M one-millisecond delays took 137 s under --virtual-time. Before each delay the
  /// driver read the counters three times with a yield between readings, also when everything was
  /// already quiet: two yields (each a trip through the global executor and a thread switch) for
  /// every delay, about half of a step's context switches. It now yields only while something moves.
  /// Counted, not timed: how many times the drive yields while the scope is quiet (2 per delay
  /// before; how often something moves depends on the machine, so the other yields are not counted).
  @Test("a script of delays alone: every delay runs, and no yield is made while all is quiet")
  func noYieldWhileQuiet() async throws {
    let delays = 1_000
    let script = try FlowScript(Array(repeating: .delay(1), count: delays), end: .complete)
    let (rounds, elapsed) = try await KotlinTestRuntime.withScope(clock: .virtual) { scope in
      let count = ItemCount()
      let collection = Task {
        defer { count.finish() }
        for try await _ in script.flow().asAsyncSequence() { _ = count.next() }
      }
      let rounds = await VirtualTimeDriver.drive(scope, progress: count)
      _ = try await collection.value
      return (rounds, scope.currentTimeMillis)
    }
    #expect(rounds.delays == delays)
    #expect(elapsed == Int64(delays))
    #expect(rounds.quietYields == 0, "\(rounds.quietYields) yields while quiet (of \(rounds.yields))")
  }
}
