import KotlinBridge
import Testing

/// Turbine-style assertions over a sequence being collected in the background.
///
/// Obtained from ``_Concurrency/AsyncSequence/test(timeout:sourceLocation:_:)``; each `await…`
/// consumes the next event or fails with a message saying what was expected and what came.
///
/// ```swift
/// try await elements().test { turbine in
///   #expect(try await turbine.awaitItem() == Element1.shared)
///   try await turbine.skipItems(1)
///   #expect(try await turbine.awaitItem() == Element3.shared)
///   try await turbine.awaitComplete()
/// }
/// ```
public final class FlowTurbine<Element: Sendable>: Sendable {
  let channel: TurbineChannel<Element>
  let defaultTimeout: Duration
  private let collector: Task<Void, Never>

  init(channel: TurbineChannel<Element>, collector: Task<Void, Never>, timeout: Duration) {
    self.channel = channel
    self.collector = collector
    self.defaultTimeout = timeout
  }

  /// The next event, whatever it is.
  /// - Throws: ``FlowTestingFailure`` when nothing arrives within the timeout.
  public func awaitEvent(
    timeout: Duration? = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> FlowEvent<Element> {
    try await nextEvent(expecting: "event", timeout: timeout, at: sourceLocation)
  }

  /// The next item.
  /// - Throws: ``FlowTestingFailure`` on a timeout ("No item produced in 3s") or when the next event
  ///   is not an item ("Expected item but found Complete").
  public func awaitItem(timeout: Duration? = nil, sourceLocation: SourceLocation = #_sourceLocation) async throws
    -> Element
  {
    let event = try await nextEvent(expecting: "item", timeout: timeout, at: sourceLocation)
    guard case .item(let element) = event else { throw mismatch("item", event, sourceLocation) }
    return element
  }

  /// Consumes `count` items.
  public func skipItems(
    _ count: Int, timeout: Duration? = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    for index in 0..<count {
      let event = try await nextEvent(expecting: "item", timeout: timeout, at: sourceLocation)
      guard case .item = event else {
        throw FlowTestingFailure.record(
          "Expected \(count) items to skip but found \(event) after \(index)", at: sourceLocation)
      }
    }
  }

  /// The completion event.
  public func awaitComplete(timeout: Duration? = nil, sourceLocation: SourceLocation = #_sourceLocation)
    async throws
  {
    let event = try await nextEvent(expecting: "complete", timeout: timeout, at: sourceLocation)
    guard case .complete = event else { throw mismatch("complete", event, sourceLocation) }
  }

  /// The error the sequence ended with.
  @discardableResult
  public func awaitError(timeout: Duration? = nil, sourceLocation: SourceLocation = #_sourceLocation) async throws
    -> any Error
  {
    let event = try await nextEvent(expecting: "error", timeout: timeout, at: sourceLocation)
    guard case .error(let error) = event else { throw mismatch("error", event, sourceLocation) }
    return error
  }

  /// Fails if an event has arrived: after letting the collector push what it already received
  /// (bounded), it does not wait for new events.
  public func expectNoEvents(sourceLocation: SourceLocation = #_sourceLocation) async throws {
    await letCollectorCatchUp()
    let pending = channel.pending
    guard pending.isEmpty else {
      throw FlowTestingFailure.record(
        "Expected no events but found \(pending.map(\.description).joined(separator: ", "))", at: sourceLocation)
    }
  }

  /// Consumes every item received so far and returns the last one (for conflated state flows).
  /// - Throws: when no item has arrived, or a terminal event is among them.
  public func expectMostRecentItem(sourceLocation: SourceLocation = #_sourceLocation) async throws -> Element {
    await letCollectorCatchUp()
    var latest: Element?
    while let event = channel.takeFirst() {
      guard case .item(let element) = event else {
        throw FlowTestingFailure.record("Expected items but found \(event)", at: sourceLocation)
      }
      latest = element
    }
    guard let latest else {
      throw FlowTestingFailure.record("Expected at least one item but found none", at: sourceLocation)
    }
    return latest
  }

  /// Cancels the collection and drops whatever it produced that was not consumed.
  public func cancelAndIgnoreRemainingEvents() async {
    await cancel()
    _ = channel.takeAll()
  }

  /// Cancels the collection and returns whatever it produced that was not consumed.
  public func cancelAndConsumeRemainingEvents() async -> [FlowEvent<Element>] {
    await cancel()
    return channel.takeAll()
  }

  /// Stops the collector and waits for it, so the Kotlin collection is cancelled when this returns.
  func cancel() async {
    collector.cancel()
    await collector.value
  }

  private func nextEvent(expecting what: String, timeout: Duration?, at location: SourceLocation) async throws
    -> FlowEvent<Element>
  {
    let timeout = timeout ?? defaultTimeout
    if let event = channel.takeFirst() { return event }
    // A zero timeout looks once and fails at once: no timer to wait for.
    if timeout > .zero, await waitStepping(timeout: timeout), let event = channel.takeFirst() { return event }
    throw FlowTestingFailure.record("No \(what) produced in \(Self.format(timeout))", at: location)
  }

  /// Waits for an event. Under a manual virtual clock, time is advanced one delay at a time while
  /// waiting (as kotlinx-coroutines-test does when a test awaits), so virtual delays never cost
  /// wall-clock time; the timeout stays wall-clock.
  private func waitStepping(timeout: Duration) async -> Bool {
    guard let scope = KotlinRuntimeScope.current, scope.clock == .virtual else {
      return await channel.waitForEvent(timeout: timeout)
    }
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while clock.now < deadline {
      if await channel.waitForEvent(timeout: min(.milliseconds(5), max(.zero, deadline - clock.now))) { return true }
      // Nothing yet: run the next pending delay, if any. A producer may not have reached its delay
      // yet (it is still working), so keep stepping until the deadline rather than giving up.
      scope.runNextDelay()
    }
    return !channel.pending.isEmpty
  }

  /// Gives the collector time to push what it already received (bounded): it waits in `next()`
  /// (or has ended), the Kotlin side is idle and every handoff was picked up. Checks that do not
  /// wait (unconsumed events, `expectNoEvents`, `expectMostRecentItem`) look only after this.
  ///
  /// For a Kotlin-backed sequence this is bookkeeping, not a guess: the collector is parked on
  /// Kotlin (its request is with the runtime), the runtime is idle, no answer is in flight, and no
  /// answer came while we looked — so nothing more arrives without outside action. For any other
  /// sequence it settles for "inside next()" three times in a row, within one second (ten under a
  /// sanitizer, which slows the collector's task by as much).
  func letCollectorCatchUp() async {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: Sanitizer.scaled(.seconds(1)))
    let scope = KotlinRuntimeScope.current
    var caughtUpRounds = 0
    while clock.now < deadline {
      let before = channel.catchUp
      let kotlinQuiet =
        (scope?.waitUntilIdle(timeoutMillis: 0) ?? KotlinTestRuntime.waitUntilIdle(timeoutMillis: 0))
        && (scope?.pendingHandoffs ?? KotlinTestRuntime.pendingHandoffs) == 0
      if before.caughtUp, kotlinQuiet, channel.catchUp == before {
        if before.exact { return }
        caughtUpRounds += 1
        if caughtUpRounds >= 3 { return }
      } else {
        caughtUpRounds = 0
      }
      await Task.yield()
    }
  }

  private func mismatch(_ expected: String, _ event: FlowEvent<Element>, _ location: SourceLocation)
    -> FlowTestingFailure
  {
    .record("Expected \(expected) but found \(event)", at: location)
  }

  static func format(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    if attoseconds == 0 { return "\(seconds)s" }
    let millis = seconds * 1_000 + attoseconds / 1_000_000_000_000_000
    return millis % 1_000 == 0 ? "\(millis / 1_000)s" : "\(millis)ms"
  }
}
