import FlowTesting
import KotlinBridge
import KotlinFixtures
import Testing

/// The safe locator over the Kotlin stub's `LocationManager`, on a virtual clock: the stub's answer
/// (100 ms after `requestLocation()`) comes exactly when the test advances time. Each test runs in
/// its own Kotlin scope and fails if a request is left pending.
@MainActor
@Suite("SafeLocator (LocationManager + SingleFlightBridge)", .kotlinLeakCheck(clock: .virtual), .timeLimit(.minutes(1)))
struct SafeLocatorTests {
  @Test("Two concurrent requests both get Tokyo Station from one requestLocation()")
  func concurrentRequestsShareOne() async throws {
    let scope = try #require(KotlinRuntimeScope.current)
    let locator = SafeLocator()
    let callers = (0..<2).map { _ in onMain { try await locator.locate() } }
    await drainMainActor()  // both callers joined
    #expect(locator.requests.value == 1)
    scope.advance(byMillis: 100)
    for caller in callers { #expect(try await caller.value == .tokyoStation) }
    #expect(locator.requests.value == 1)
    #expect(locator.stops.value == 0)
    #expect(locator.answers.ignoredAnswers == 0)
    #expect(locator.manager.authorizationRequests == 1)
  }

  @Test("Cancelling the only waiter calls stopUpdatingLocation(); the stub's late answer is ignored and counted")
  func cancelOnlyWaiter() async throws {
    let locator = SafeLocator()
    locator.manager.script(.answerAfterStop(.tokyoStation, afterMillis: 100))
    let caller = onMain { try await locator.locate() }
    await drainMainActor()
    #expect(locator.requests.value == 1)
    caller.cancel()
    await #expect(throws: CancellationError.self) { try await caller.value }
    #expect(locator.stops.value == 1)
    // The stub answers right after the stop (no time passes): the answer reaches the delegate.
    #expect(await locator.log.wait(for: "ignored"))
    #expect(locator.answers.ignoredAnswers == 1)
    #expect(locator.log.count(of: "delivered") == 0)
    #expect(locator.stops.value == 1)
  }

  @Test("Cancelling the only waiter stops the stub's request: it ends without answering")
  func cancelStopsRequest() async throws {
    let scope = try #require(KotlinRuntimeScope.current)
    let locator = SafeLocator()
    let caller = onMain { try await locator.locate() }
    await drainMainActor()
    #expect(scope.snapshot().pendingCalls == 1)
    caller.cancel()
    await #expect(throws: CancellationError.self) { try await caller.value }
    #expect(scope.waitUntilIdle(timeoutMillis: 5_000))
    #expect(scope.snapshot().pendingCalls == 0)  // stopped, without any time passing
    scope.advance(byMillis: 1_000)
    await drainMainActor()  // a delegate call, had there been one, has run
    #expect(locator.log.events.isEmpty)  // it never answers
  }

  @Test(".answerTwice: the first answer is delivered, the second is ignored and counted — no crash")
  func answerTwice() async throws {
    let scope = try #require(KotlinRuntimeScope.current)
    let locator = SafeLocator()
    let paris = Coordinate(latitude: 48.8566, longitude: 2.3522)
    locator.manager.script(.answerTwice(paris, afterMillis: 100))
    let caller = onMain { try await locator.locate() }
    await drainMainActor()
    scope.advance(byMillis: 100)
    #expect(try await caller.value == paris)
    #expect(await locator.log.wait(for: "ignored"))
    #expect(locator.log.events == ["delivered", "ignored"])
    #expect(locator.answers.ignoredAnswers == 1)
  }

  @Test("A failure reaches every joined caller as the Kotlin exception")
  func failureReachesAll() async throws {
    let scope = try #require(KotlinRuntimeScope.current)
    let locator = SafeLocator()
    locator.manager.script(.fail("location unknown"))
    let callers = (0..<2).map { _ in onMain { try await locator.locate() } }
    await drainMainActor()
    scope.advance(byMillis: 100)
    for caller in callers {
      let error = await #expect(throws: (any Error).self) { try await caller.value }
      #expect("\(String(describing: error))".contains("location unknown"))
    }
    #expect(locator.requests.value == 1)
  }

  @Test("Cancelling one of two waiters keeps the request; the other gets the answer")
  func cancelOneOfTwoWaiters() async throws {
    let scope = try #require(KotlinRuntimeScope.current)
    let locator = SafeLocator()
    let leaving = onMain { try await locator.locate() }
    let staying = onMain { try await locator.locate() }
    await drainMainActor()
    leaving.cancel()
    await #expect(throws: CancellationError.self) { try await leaving.value }
    #expect(locator.stops.value == 0)
    scope.advance(byMillis: 100)
    #expect(try await staying.value == .tokyoStation)
  }

  @Test(".failFast locator: a second request while one is pending throws SingleFlightError")
  func failFastLocator() async throws {
    let scope = try #require(KotlinRuntimeScope.current)
    let locator = SafeLocator(overlap: .failFast)
    let first = onMain { try await locator.locate() }
    await drainMainActor()
    await #expect(throws: SingleFlightError.self) { try await locator.locate() }
    scope.advance(byMillis: 100)
    #expect(try await first.value == .tokyoStation)
    #expect(locator.requests.value == 1)
  }
}
