import FlowTesting
import KotlinFixtures
import Testing

/// `expectingLeaks:` says what a test leaves alive on purpose. The check then passes as soon as
/// exactly that is left — these tests give it an hour's timeout, so waiting it out would hit the
/// suite's time limit instead — and fails, naming both, when something else is left.
@Suite("The leak check: expected leaks", .timeLimit(.minutes(1)))
struct LeakCheckExpectedLeaksTests {
  private static let anHour: Duration = .seconds(3_600)

  @Test("the trait passes at once when exactly the expected leak is left")
  func traitPassesAtOnce() async throws {
    let test = try #require(Test.current)
    let trait: KotlinLeakCheckTrait = .kotlinLeakCheck(timeout: Self.anHour, expectingLeaks: .liveStableRefs(2))
    let keeper = Keeper()
    let captured = await captureIssues {
      try await trait.provideScope(for: test, testCase: Test.Case.current) {
        keeper.keep(Store())  // the Store and its `state` flow: two stable refs
      }
    }
    keeper.drop()
    #expect(captured.issues.isEmpty)
    #expect(trait.expectedLeaks == KotlinLeaks(liveStableRefs: 2))
  }

  @Test("withKotlinLeakCheck passes at once when exactly the expected leak is left")
  func functionPassesAtOnce() async throws {
    var iterator: KotlinFlowSequence<Int32>.AsyncIterator?
    let captured = await captureIssues {
      let expected = KotlinLeaks(liveStableRefs: 1, liveCollections: 1, unfinishedProducers: 1)
      try await withKotlinLeakCheck(timeout: Self.anHour, expectingLeaks: expected) { _ in
        iterator = Store().state.asAsyncSequence().makeAsyncIterator()
        let initial = try await iterator?.next()
        #expect(initial == 0)
      }
    }
    iterator = nil
    #expect(captured.issues.isEmpty)
  }

  @Test("another leak than the expected one fails, naming both")
  func otherLeakFails() async throws {
    var kept: Store?
    let captured = await captureIssues {
      try await withKotlinLeakCheck(timeout: .milliseconds(200), expectingLeaks: .liveStableRefs(1)) { _ in
        kept = Store()
      }
    }
    #expect(kept != nil)
    kept = nil
    captured.expectSingleFailure(
      "Kotlin leak after the test (waited 200ms): 2 live stable refs (1 × kotlinx.coroutines.flow.ReadonlyStateFlow, "
        + "1 × shared.Store); the test expects 1 live stable ref (expectingLeaks:). Drop what it should not keep, or "
        + "make expectingLeaks: say what it keeps on purpose.", thrown: false)
  }

  @Test("no leak when one is expected fails, saying what to do")
  func missingLeakFails() async throws {
    let captured = await captureIssues {
      try await withKotlinLeakCheck(timeout: .milliseconds(200), expectingLeaks: .liveCollections(1)) { _ in
        _ = Store()
      }
    }
    captured.expectSingleFailure(
      "No Kotlin leak after the test (waited 200ms), but it expects 1 live collection (expectingLeaks:). If the leak "
        + "was fixed, remove expectingLeaks:; if the test should keep those objects, keep them alive until it ends.",
      thrown: false)
  }

  @Test("what an expectation says, and the default: nothing")
  func descriptions() {
    #expect(KotlinLeaks.nothing.description == "nothing")
    #expect(KotlinLeaks.pendingCalls(2).description == "2 pending suspend calls")
    #expect(
      KotlinLeaks(liveStableRefs: 1, liveCollections: 2, unfinishedProducers: 1).description
        == "1 live stable ref, 2 live collections, 1 unfinished producer")
    let trait: KotlinLeakCheckTrait = .kotlinLeakCheck
    #expect(trait.expectedLeaks == .nothing)
    #expect(KotlinLeakCheckTrait.kotlinLeakCheck(clock: .virtual).expectedLeaks == .nothing)
  }
}

/// Keeps a Store alive past a `@Sendable` body (deliberately, to leak it).
private final class Keeper: Sendable {
  private let store = Protected<Store?>(nil)

  func keep(_ value: Store) { store.withLock { $0 = value } }
  func drop() { store.withLock { $0 = nil } }
}
