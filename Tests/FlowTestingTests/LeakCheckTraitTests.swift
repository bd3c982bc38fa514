import FlowTesting
import KotlinFixtures
import Testing

/// The `.kotlinLeakCheck` trait gives each test its own Kotlin runtime scope (with the chosen
/// clock) and fails the test, at its declaration, if the scope still holds anything afterwards.
@Suite("The .kotlinLeakCheck trait", .timeLimit(.minutes(1)))
struct LeakCheckTraitTests {
  @Test("runs the test in a scope of its own, with real time by default", .kotlinLeakCheck)
  func providesARealTimeScope() async throws {
    let scope = try #require(KotlinRuntimeScope.current)
    #expect(scope.clock == .real)
    let store = Store()
    store.increment()
    #expect(store.state.value == 1)
    #expect(scope.snapshot().liveStableRefs == 2)
  }

  @Test("uses the clock it is given", .kotlinLeakCheck(clock: .virtualAutoAdvance))
  func usesTheGivenClock() async throws {
    let scope = try #require(KotlinRuntimeScope.current)
    #expect(scope.clock == .virtualAutoAdvance)
    var ticks: [Int64] = []
    for try await tick in KotlinFixtures.ticks(periodMillis: 60_000, count: 3).asAsyncSequence() { ticks.append(tick) }
    #expect(ticks == [0, 1, 2])
    #expect(scope.currentTimeMillis == 180_000)
  }

  @Test("each case of a parameterised test gets its own scope", .kotlinLeakCheck, arguments: [1, 2, 3])
  func eachCaseHasItsOwnScope(increments: Int) async throws {
    let scope = try #require(KotlinRuntimeScope.current)
    #expect(scope.snapshot().liveStableRefs == 0)
    let store = Store()
    for _ in 0..<increments { store.increment() }
    #expect(store.state.value == Int32(increments))
  }

  @Test("a test without the trait runs outside any scope")
  func noTraitNoScope() {
    #expect(KotlinRuntimeScope.current == nil)
  }

  @Test("defaults: real time, 10 s to wait for disposal (30 s under a sanitizer), every test of a suite")
  func defaults() {
    let trait: KotlinLeakCheckTrait = .kotlinLeakCheck
    #expect(trait.clock == .real)
    #expect([.seconds(10), .seconds(30)].contains(trait.timeout))
    #expect(KotlinLeakCheckTrait.kotlinLeakCheck(clock: .virtual).timeout == trait.timeout)
    #expect(trait.isRecursive)
    let custom: KotlinLeakCheckTrait = .kotlinLeakCheck(clock: .virtual, timeout: .milliseconds(300))
    #expect(custom.clock == .virtual)
    #expect(custom.timeout == .milliseconds(300))
  }

  @Test("a leak fails the test at its declaration, naming the counts")
  func reportsALeak() async throws {
    let test = try #require(Test.current)
    let trait: KotlinLeakCheckTrait = .kotlinLeakCheck(clock: .real, timeout: .milliseconds(200))
    let keeper = Keeper()
    let captured = await captureIssues {
      try await trait.provideScope(for: test, testCase: Test.Case.current) {
        keeper.keep(Store())
      }
    }
    keeper.drop()
    captured.expectSingleFailure(
      "Kotlin leak after the test (waited 200ms): 2 live stable refs (1 × kotlinx.coroutines.flow.ReadonlyStateFlow, 1 × shared.Store). Drop Kotlin objects, finish or break out of "
        + "loops, and cancel tasks before the test ends.", thrown: false)
    #expect(captured.issues.first?.sourceLocation == test.sourceLocation)
  }

  @Test("a clean test passes through the trait's scope")
  func cleanTestPasses() async throws {
    let test = try #require(Test.current)
    let trait: KotlinLeakCheckTrait = .kotlinLeakCheck(clock: .virtual, timeout: .seconds(5))
    try await trait.provideScope(for: test, testCase: Test.Case.current) {
      let scope = try #require(KotlinRuntimeScope.current)
      #expect(scope.clock == .virtual)
      let store = Store()
      store.increment()
      #expect(store.state.value == 1)
    }
  }
}

/// Keeps a Store alive past a `@Sendable` body (deliberately, to leak it).
private final class Keeper: Sendable {
  private let store = Protected<Store?>(nil)

  func keep(_ value: Store) { store.withLock { $0 = value } }
  func drop() { store.withLock { $0 = nil } }
}
