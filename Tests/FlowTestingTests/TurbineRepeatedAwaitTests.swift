import FlowTesting
import KotlinFixtures
import Testing

/// The plain usage — several awaits in a row on a Kotlin flow that produces in the background —
/// must pass every time, not most of the time: an await must only fail after its timeout has
/// really passed.
@Suite("Turbine: awaits in a row", .kotlinLeakCheck, .timeLimit(.minutes(1)))
struct TurbineRepeatedAwaitTests {
  private static let runs = 50

  @Test("elements(): three items and Complete, 50 times in a row")
  func consecutiveAwaits() async throws {
    let clock = ContinuousClock()
    var failures: [String] = []
    for _ in 0..<Self.runs {
      let start = clock.now
      let captured = await captureIssues {
        try await elements().test { turbine in
          for expected in [Element1.shared, Element2.shared, Element3.shared] as [Elem] {
            let element = try await turbine.awaitItem()
            #expect(element == expected)
          }
          try await turbine.awaitComplete()
        }
      }
      let elapsed = clock.now - start
      failures += captured.messages.map { "\($0) (after \(elapsed))" }
    }
    #expect(failures.isEmpty, "\(failures.count) failures, first: \(failures.first ?? "")")
  }
}
