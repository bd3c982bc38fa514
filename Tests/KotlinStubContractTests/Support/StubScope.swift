import CInterop
import Testing

/// The clock of a scope (`shared_ClockMode`).
enum ClockMode: Sendable {
  case real
  case virtual
  case virtualAutoAdvance

  var rawValue: Int32 {
    switch self {
    case .real: Int32(shared_ClockMode_real.rawValue)
    case .virtual: Int32(shared_ClockMode_virtual.rawValue)
    case .virtualAutoAdvance: Int32(shared_ClockMode_virtualAutoAdvance.rawValue)
    }
  }
}

/// One runtime scope (`shared_Scope`) owned by one test: its own clock and counters.
///
/// Global counters are shared by every test running in parallel, so tests assert on their scope's counters only.
/// Everything that creates a kref, a collection or a call must run inside `withCurrent { }`.
final class StubScope: Sendable {
  let token: Token

  var handle: shared_Scope { shared_Scope(pinned: token.pointer) }

  private init(_ handle: shared_Scope) {
    token = Token(handle.pinned)
  }

  static func open(_ mode: ClockMode) -> StubScope? {
    let handle = shared_TestRuntime_openScope(mode.rawValue)
    return handle.pinned == nil ? nil : StubScope(handle)
  }

  /// Runs `body` with this scope current on the calling thread, then restores the previous scope.
  ///
  /// `body` is synchronous on purpose: an `await` could resume on another thread, where the scope is not current
  /// and where the restore would land.
  func withCurrent<Result>(_ body: () throws -> Result) rethrows -> Result {
    let previous = shared_TestRuntime_setCurrentScope(handle)
    defer { _ = shared_TestRuntime_setCurrentScope(previous) }
    return try body()
  }

  func close() -> shared_Status {
    shared_TestRuntime_closeScope(handle)
  }

  // MARK: Counters and misuse

  func counters(sourceLocation: SourceLocation = #_sourceLocation) -> shared_Counters {
    var counters = shared_Counters()
    let status = shared_TestRuntime_counters(handle, &counters)
    #expect(status == shared_Status_ok, "shared_TestRuntime_counters", sourceLocation: sourceLocation)
    return counters
  }

  /// The scope's last misuse message, if any.
  func lastMisuse() -> String? {
    Kotlin.takeString(shared_TestRuntime_lastMisuse(handle))
  }

  /// Polls the counters until `condition` holds or `timeout` passes, and returns the last reading.
  ///
  /// This is the suite's only polling loop: releases are asynchronous and counters have no event to await.
  func waitForCounters(
    timeout: Duration = eventTimeout, until condition: (shared_Counters) -> Bool
  ) async -> shared_Counters {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    var counters = counters()
    while !condition(counters) && clock.now < deadline {
      await Task.yield()
      try? await Task.sleep(for: .milliseconds(1))
      counters = self.counters()
    }
    return counters
  }

  /// The end-of-test check: no live krefs, collections or calls in this scope, and exactly `misuses` misuses.
  func expectQuiescent(misuses expected: Int64 = 0, sourceLocation: SourceLocation = #_sourceLocation) async {
    let counters = await waitForCounters {
      $0.liveStableRefs == 0 && $0.liveCollections == 0 && $0.pendingCalls == 0 && $0.misuses >= expected
    }
    #expect(counters.liveStableRefs == 0, "liveStableRefs", sourceLocation: sourceLocation)
    #expect(counters.liveCollections == 0, "liveCollections", sourceLocation: sourceLocation)
    #expect(counters.pendingCalls == 0, "pendingCalls", sourceLocation: sourceLocation)
    #expect(counters.misuses == expected, "misuses; last: \(lastMisuse() ?? "none")", sourceLocation: sourceLocation)
  }

  // MARK: Clock

  func advance(by millis: Int64) -> shared_Status {
    shared_TestRuntime_advanceBy(handle, millis)
  }

  func advanceUntilIdle() -> shared_Status {
    shared_TestRuntime_advanceUntilIdle(handle)
  }

  var now: Int64 { shared_TestRuntime_currentTimeMillis(handle) }
}

/// Runs `body` with a fresh scope, then checks that it is quiescent (`StubScope.expectQuiescent`) and closes it.
func withStubScope(
  _ mode: ClockMode = .real, misuses: Int64 = 0, sourceLocation: SourceLocation = #_sourceLocation,
  _ body: (StubScope) async throws -> Void
) async throws {
  let scope = try #require(StubScope.open(mode), "shared_TestRuntime_openScope", sourceLocation: sourceLocation)
  do {
    try await body(scope)
  } catch {
    _ = scope.close()
    throw error
  }
  await scope.expectQuiescent(misuses: misuses, sourceLocation: sourceLocation)
  #expect(scope.close() == shared_Status_ok, "shared_TestRuntime_closeScope", sourceLocation: sourceLocation)
}
