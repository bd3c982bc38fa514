import KotlinBridge
import Testing

extension AsyncSequence where Self: Sendable, Element: Sendable {
  /// Collects the sequence in the background and runs `body` with a ``FlowTurbine`` over its
  /// events. Collection starts before `body` runs; it is cancelled when `body` ends, and events
  /// `body` did not consume fail the test ("Unconsumed events: Item(2), Complete").
  ///
  /// ```swift
  /// try await words().asAsyncSequence().test(timeout: .seconds(1)) { turbine in
  ///   #expect(try await turbine.awaitItem() == "hello")
  ///   await turbine.cancelAndIgnoreRemainingEvents()
  /// }
  /// ```
  /// `body` runs on the caller's actor, so a `@MainActor` test can use main-actor state in it (a view
  /// model, a view host); the collection runs in a task of its own.
  ///
  /// - Parameters:
  ///   - timeout: the default wall-clock timeout of each `await…` in `body`; `nil`: 3 s, Turbine's
  ///     default, or 30 s when the test process runs under ThreadSanitizer or AddressSanitizer.
  ///   - body: the assertions.
  /// - Throws: ``FlowTestingFailure`` (also recorded at the failing line under Swift Testing), or
  ///   what `body` throws.
  public func test(
    timeout: Duration? = nil,
    sourceLocation: SourceLocation = #_sourceLocation,
    isolation: isolated (any Actor)? = #isolation,
    _ body: (FlowTurbine<Element>) async throws -> Void
  ) async throws {
    try await TurbineRun.run(
      OwnedSequence(self), kotlinBacked: self is KotlinFlowSequence<Element>, timeout: timeout,
      sourceLocation: sourceLocation, isolation: isolation, body)
  }
}

extension AsyncSequence where Element: Sendable {
  /// ``test(timeout:sourceLocation:isolation:_:)`` for a sequence that is not `Sendable`, such as
  /// KMP-NativeCoroutines' `asyncSequence(for:)`: the sequence is handed to the collecting task, so
  /// do not iterate it anywhere else while the turbine runs.
  ///
  /// ```swift
  /// try await asyncSequence(for: viewModel.itemsFlow).test { turbine in
  ///   #expect(try await turbine.awaitItem() == [])
  ///   await turbine.cancelAndIgnoreRemainingEvents()
  /// }
  /// ```
  @_disfavoredOverload
  public func test(
    timeout: Duration? = nil,
    sourceLocation: SourceLocation = #_sourceLocation,
    isolation: isolated (any Actor)? = #isolation,
    _ body: (FlowTurbine<Element>) async throws -> Void
  ) async throws {
    try await TurbineRun.run(
      OwnedSequence(self), kotlinBacked: false, timeout: timeout, sourceLocation: sourceLocation,
      isolation: isolation, body)
  }
}

/// A sequence handed to the turbine's collecting task, which alone iterates it from then on.
struct OwnedSequence<Base: AsyncSequence>: @unchecked Sendable {
  // @unchecked Sendable: the caller gives the sequence up to one task (see the non-Sendable `test`).
  let base: Base
  init(_ base: Base) { self.base = base }
}

/// The body of both `test` overloads: a collecting task feeding a channel, and the turbine over it.
enum TurbineRun {
  static func run<Base: AsyncSequence>(
    _ sequence: OwnedSequence<Base>, kotlinBacked: Bool, timeout: Duration?, sourceLocation: SourceLocation,
    isolation: isolated (any Actor)?, _ body: (FlowTurbine<Base.Element>) async throws -> Void
  ) async throws where Base.Element: Sendable {
    let channel = TurbineChannel<Base.Element>(kotlinBacked: kotlinBacked)
    let collector = Task {
      channel.markStarted()
      defer { channel.collectorFinished() }
      // The collector's waits on Kotlin are reported to the channel (letCollectorCatchUp).
      await KotlinCaller.withActivity(CollectorKotlinWaits(channel: channel)) {
        do {
          var iterator = sequence.base.makeAsyncIterator()
          while true {
            channel.collectorWaiting(true)
            let next = try await iterator.next()
            channel.collectorWaiting(false)
            guard let element = next else { break }
            channel.push(.item(element))
          }
          // A sequence that ends because the turbine cancelled it (an AsyncStream answers nil) did
          // not complete. A Kotlin flow's collection never answers nil for a cancellation (it throws
          // CancellationError), so its nil is a completion even when the turbine cancelled right
          // after it arrived (cancelAndConsumeRemainingEvents then includes it, as in Turbine).
          if channel.isKotlinBacked || !Task.isCancelled { channel.push(.complete) }
        } catch is CancellationError where Task.isCancelled {
          // cancelled by the turbine: not an event
        } catch {
          channel.push(.error(error))
        }
      }
    }
    await channel.awaitStarted()
    let turbine = FlowTurbine(
      channel: channel, collector: collector, timeout: timeout ?? Sanitizer.scaled(.seconds(3)))
    do {
      try await body(turbine)
    } catch {
      await turbine.cancel()
      throw error
    }
    await turbine.letCollectorCatchUp()
    let unconsumed = channel.takeAll()
    await turbine.cancel()
    if !unconsumed.isEmpty {
      throw FlowTestingFailure.record(
        "Unconsumed events: \(unconsumed.map(\.description).joined(separator: ", "))", at: sourceLocation)
    }
  }
}

extension KotlinTypedFlow where Element: Sendable {
  /// ``_Concurrency/AsyncSequence/test(timeout:sourceLocation:_:)`` on the flow's
  /// `asAsyncSequence(bufferingPolicy:)` (rendezvous by default, like Turbine's `collect`).
  ///
  /// ```swift
  /// try await failing().test { turbine in
  ///   try await turbine.skipItems(2)
  ///   let error = try await turbine.awaitError()
  ///   #expect((error as? ExportedKotlinPackages.kotlin.Throwable)?.message == "Flow has failed")
  /// }
  /// ```
  public func test(
    bufferingPolicy: KotlinBufferingPolicy = .rendezvous,
    timeout: Duration? = nil,
    sourceLocation: SourceLocation = #_sourceLocation,
    isolation: isolated (any Actor)? = #isolation,
    _ body: (FlowTurbine<Element>) async throws -> Void
  ) async throws {
    try await asAsyncSequence(bufferingPolicy: bufferingPolicy).test(
      timeout: timeout, sourceLocation: sourceLocation, isolation: isolation, body)
  }
}
