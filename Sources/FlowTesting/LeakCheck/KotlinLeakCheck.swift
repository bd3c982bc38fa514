import KotlinBridge
import Testing

/// Checks that a runtime scope holds nothing any more (or exactly the leaks the test expects): no
/// live stable refs, collections or pending calls, and no misuse events. Disposal is asynchronous
/// (a cancelled collection's terminal event arrives on a Kotlin worker thread), so it waits up to
/// `timeout` for the counts to drain first.
enum KotlinLeakCheck {
  @discardableResult
  static func verify(
    _ scope: KotlinRuntimeScope, timeout: Duration, expecting expected: KotlinLeaks = .nothing,
    at location: SourceLocation
  ) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    var snapshot = scope.snapshot()
    var polls = 0
    while !isSettled(snapshot, expecting: expected, in: scope), clock.now < deadline {
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
    let left = KotlinLeaks(snapshot)
    let waited = FlowTurbine<Int>.format(timeout)
    let open = scope.activities.descriptions
    let stillOpen = open.isEmpty ? "" : ". Still open: " + open.joined(separator: "; ")
    if expected == .nothing, !problems.isEmpty {
      FailureReporter.fail(
        "Kotlin leak after the test (waited \(waited)): " + problems.joined(separator: ", ") + stillOpen
          + ". Drop Kotlin objects, finish or break out of loops, and cancel tasks before the test ends.",
        at: location)
    } else if expected != .nothing, left != expected {
      if problems.isEmpty {
        FailureReporter.fail(
          "No Kotlin leak after the test (waited \(waited)), but it expects \(expected) (expectingLeaks:). If the leak was fixed, "
            + "remove expectingLeaks:; if the test should keep those objects, keep them alive until it ends.",
          at: location)
      } else {
        FailureReporter.fail(
          "Kotlin leak after the test (waited \(waited)): " + problems.joined(separator: ", ") + stillOpen
            + "; the test expects \(expected) (expectingLeaks:). Drop what it should not keep, or make "
            + "expectingLeaks: say what it keeps on purpose.",
          at: location)
      }
    }
    if snapshot.misuses > 0 {
      FailureReporter.fail(
        "The Kotlin runtime reported \(plural(snapshot.misuses, "misuse event")) during the test; last: "
          + (scope.lastMisuse ?? "unknown"), at: location)
    }
    return left == expected && snapshot.misuses == 0
  }

  /// Whether the check can conclude. With nothing expected: nothing is left. With leaks expected:
  /// exactly those are left and nothing can change them any more (Kotlin has nothing running or
  /// queued, and every handoff to Swift was picked up), so that a count passing through the
  /// expected value on its way down is not taken for the leak.
  private static func isSettled(
    _ snapshot: KotlinRuntimeSnapshot, expecting expected: KotlinLeaks, in scope: KotlinRuntimeScope
  ) -> Bool {
    guard expected != .nothing else { return isSettled(snapshot) }
    return KotlinLeaks(snapshot) == expected && scope.waitUntilIdle(timeoutMillis: 0) && scope.pendingHandoffs == 0
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
/// stable refs, collections, pending calls) or the runtime reported misuse. With `expectingLeaks:`,
/// exactly that must be left instead, and the check passes as soon as it is. Under `clock: .virtual`,
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
  expectingLeaks expected: KotlinLeaks = .nothing,
  sourceLocation: SourceLocation = #_sourceLocation,
  isolation: isolated (any Actor)? = #isolation,
  _ body: (KotlinRuntimeScope) async throws -> R
) async throws -> R {
  let timeout = timeout ?? KotlinLeakCheck.defaultTimeout
  return try await KotlinTestRuntime.withScope(clock: clock) { scope in
    let result = try await VirtualClockStallWatchdog.guarding(scope, window: timeout, at: sourceLocation) {
      try await body(scope)
    }
    await KotlinLeakCheck.verify(scope, timeout: timeout, expecting: expected, at: sourceLocation)
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
  /// What the test leaves alive on purpose (``KotlinLeaks/nothing`` unless given).
  public let expectedLeaks: KotlinLeaks

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
      await KotlinLeakCheck.verify(scope, timeout: timeout, expecting: expectedLeaks, at: test.sourceLocation)
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
    KotlinLeakCheckTrait(clock: .real, timeout: KotlinLeakCheck.defaultTimeout, expectedLeaks: .nothing)
  }

  /// Like ``kotlinLeakCheck``, with a chosen clock and disposal timeout.
  public static func kotlinLeakCheck(clock: KotlinClock, timeout: Duration? = nil) -> Self {
    KotlinLeakCheckTrait(clock: clock, timeout: timeout ?? KotlinLeakCheck.defaultTimeout, expectedLeaks: .nothing)
  }

  /// Like ``kotlinLeakCheck``, for a test that leaves `expectingLeaks` alive on purpose: it passes as
  /// soon as exactly that is left, and fails naming both when something else is.
  ///
  /// ```swift
  /// @Test(.kotlinLeakCheck(expectingLeaks: .liveStableRefs(1))) func cacheKeepsTheStore() { … }
  /// ```
  public static func kotlinLeakCheck(
    clock: KotlinClock = .real, timeout: Duration? = nil, expectingLeaks: KotlinLeaks
  ) -> Self {
    KotlinLeakCheckTrait(
      clock: clock, timeout: timeout ?? KotlinLeakCheck.defaultTimeout, expectedLeaks: expectingLeaks)
  }
}
