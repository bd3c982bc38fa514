import KotlinBridge
import Testing

/// Checks that a runtime scope holds nothing any more: no live stable refs, collections or pending
/// calls, and no misuse events. Disposal is asynchronous (a cancelled collection's terminal event
/// arrives on a Kotlin worker thread), so it waits up to `timeout` for the counts to drain first.
enum KotlinLeakCheck {
  @discardableResult
  static func verify(_ scope: KotlinRuntimeScope, timeout: Duration, at location: SourceLocation) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    var snapshot = scope.snapshot()
    var polls = 0
    while !isSettled(snapshot), clock.now < deadline {
      // The bounded wait for disposals happening on Kotlin worker threads: usually microseconds
      // away (yield first), sometimes a worker is busy (then pause briefly between looks).
      polls += 1
      if polls <= 100 {
        await Task.yield()
      } else {
        try? await Task.sleep(for: .milliseconds(1))
      }
      snapshot = scope.snapshot()
    }
    var problems: [String] = []
    if snapshot.liveStableRefs > 0 {
      let classes = scope.liveObjectClasses.map { " (\($0))" } ?? ""
      problems.append(plural(snapshot.liveStableRefs, "live stable ref") + classes)
    }
    if snapshot.liveCollections > 0 { problems.append(plural(snapshot.liveCollections, "live collection")) }
    if snapshot.pendingCalls > 0 { problems.append(plural(snapshot.pendingCalls, "pending suspend call")) }
    if snapshot.producerFinallyRuns != snapshot.collectionsStarted {
      problems.append(
        "\(plural(snapshot.collectionsStarted, "producer")) started but \(snapshot.producerFinallyRuns) ran `finally`")
    }
    if !problems.isEmpty {
      let open = scope.activities.descriptions
      FailureReporter.fail(
        "Kotlin leak after the test (waited \(FlowTurbine<Int>.format(timeout))): "
          + problems.joined(separator: ", ")
          + (open.isEmpty ? "" : ". Still open: " + open.joined(separator: "; "))
          + ". Drop Kotlin objects, finish or break out of loops, and cancel tasks before the test ends.",
        at: location)
    }
    if snapshot.misuses > 0 {
      FailureReporter.fail(
        "The Kotlin runtime reported \(plural(snapshot.misuses, "misuse event")) during the test; last: "
          + (scope.lastMisuse ?? "unknown"), at: location)
    }
    return problems.isEmpty && snapshot.misuses == 0
  }

  private static func isSettled(_ snapshot: KotlinRuntimeSnapshot) -> Bool {
    snapshot.isQuiescent && snapshot.producerFinallyRuns == snapshot.collectionsStarted
  }

  private static func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

  /// 10 s, or 30 s under a sanitizer, which slows the Kotlin worker threads (shared by all tests
  /// running in parallel) by an order of magnitude.
  static let defaultTimeout: Duration = Sanitizer.isActive ? .seconds(30) : .seconds(10)
}

/// Fails the test (at `sourceLocation`) if `scope` still holds live stable refs, collections or
/// pending calls, if a started producer never ran its `finally`, or if the runtime reported misuse —
/// after waiting up to `timeout` for asynchronous disposal. Returns whether the scope was clean.
///
/// ```swift
/// try await KotlinTestRuntime.withScope { scope in
///   for try await _ in elements().asAsyncSequence() { break }
///   await expectNoKotlinLeaks(in: scope)
/// }
/// ```
@discardableResult
public func expectNoKotlinLeaks(
  in scope: KotlinRuntimeScope, timeout: Duration? = nil, sourceLocation: SourceLocation = #_sourceLocation
) async -> Bool {
  await KotlinLeakCheck.verify(scope, timeout: timeout ?? KotlinLeakCheck.defaultTimeout, at: sourceLocation)
}

/// Runs `body` in a fresh Kotlin runtime scope and then fails the test if anything leaked (live
/// stable refs, collections, pending calls) or the runtime reported misuse. Under `clock: .virtual`,
/// a body that waits on a Kotlin delay nobody advances fails after `timeout` with a message naming
/// the pending delay, instead of hanging. For XCTest, or for a
/// part of a test; Swift Testing suites can use the ``Testing/Trait/kotlinLeakCheck`` trait instead.
///
/// ```swift
/// func testWords() async throws {
///   try await withKotlinLeakCheck { _ in
///     for try await word in words().asAsyncSequence() { print(word) }
///   }
/// }
/// ```
public func withKotlinLeakCheck<R>(
  clock: KotlinClock = .real,
  timeout: Duration? = nil,
  sourceLocation: SourceLocation = #_sourceLocation,
  isolation: isolated (any Actor)? = #isolation,
  _ body: (KotlinRuntimeScope) async throws -> R
) async throws -> R {
  let timeout = timeout ?? KotlinLeakCheck.defaultTimeout
  return try await KotlinTestRuntime.withScope(clock: clock) { scope in
    let result = try await VirtualClockStallWatchdog.guarding(scope, window: timeout, at: sourceLocation) {
      try await body(scope)
    }
    await KotlinLeakCheck.verify(scope, timeout: timeout, at: sourceLocation)
    return result
  }
}

/// The Swift Testing trait: each test runs in its own Kotlin runtime scope (its own clock and
/// counts, so parallel tests never disturb each other) and fails if it leaked. Under
/// `clock: .virtual`, a test that waits on a Kotlin delay nobody advances fails after `timeout`
/// (naming the pending delay) instead of hanging.
public struct KotlinLeakCheckTrait: TestTrait, SuiteTrait, TestScoping {
  /// The scope's clock.
  public let clock: KotlinClock
  /// How long to wait for asynchronous disposal before calling it a leak.
  public let timeout: Duration

  public var isRecursive: Bool { true }

  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    guard testCase != nil || !test.isSuite else {
      try await function()  // the suite itself: each of its tests gets its own scope
      return
    }
    try await KotlinTestRuntime.withScope(clock: clock) { scope in
      try await VirtualClockStallWatchdog.guarding(scope, window: timeout, at: test.sourceLocation) {
        try await function()
      }
      await KotlinLeakCheck.verify(scope, timeout: timeout, at: test.sourceLocation)
    }
  }
}

extension Trait where Self == KotlinLeakCheckTrait {
  /// Runs the test in its own Kotlin runtime scope (real time) and fails it if anything leaked.
  ///
  /// ```swift
  /// @Test(.kotlinLeakCheck) func words() async throws { … }
  /// @Suite(.kotlinLeakCheck(clock: .virtualAutoAdvance)) struct TickTests { … }
  /// ```
  public static var kotlinLeakCheck: Self {
    KotlinLeakCheckTrait(clock: .real, timeout: KotlinLeakCheck.defaultTimeout)
  }

  /// Like ``kotlinLeakCheck``, with a chosen clock and disposal timeout.
  public static func kotlinLeakCheck(clock: KotlinClock, timeout: Duration? = nil) -> Self {
    KotlinLeakCheckTrait(clock: clock, timeout: timeout ?? KotlinLeakCheck.defaultTimeout)
  }
}
