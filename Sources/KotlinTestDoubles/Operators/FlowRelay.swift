import KotlinBridge

/// What a child coroutine of a concurrent operator hands the operator's body.
enum Relayed<Event: Sendable>: Sendable {
  case event(Event)
  /// The source `index` completed.
  case done(Int)
  /// A source failed: the operator fails with it (Kotlin's operators rethrow an upstream exception).
  case failed(UncheckedError)
}

/// An error moved between coroutines (Kotlin exceptions are immutable once thrown).
struct UncheckedError: @unchecked Sendable {
  let error: any Error
}

/// The machinery of the concurrent operators (`combine`, `zip`, `merge`, `flatMapLatest`,
/// `flatMapMerge`, `debounce`, `sample`): child coroutines collect the sources and send what they see
/// into a rendezvous Kotlin channel, and the operator's `flow { }` body takes it from there and emits,
/// so every emission comes from the body itself (Kotlin's flow invariant) and every wait is a Kotlin
/// suspension the runtime counts. A source waits until the body has taken its value, as Kotlin's
/// operators hold their upstream.
///
/// Use it inside a flow body only, through ``withFlowRelay(_:)``: the children end before the body does.
struct FlowRelay<Event: Sendable>: Sendable {
  let scope: CoroutineScope
  let channel: Channel<Relayed<Event>>
  let iterator: KotlinReceiveChannelIterator<Relayed<Event>>

  /// Starts a child that collects `flow`, relaying each element as `transform` makes it an event and
  /// the end as `.done(index)`.
  @discardableResult
  func collect<Source: KotlinTypedFlow>(
    _ flow: Source, index: Int, _ transform: @escaping @Sendable (Source.Element) -> Event
  ) -> Job where Source.Element: Sendable {
    launch { [channel] in
      do {
        for try await element in flow.asAsyncSequence() { try await channel.send(element: .event(transform(element))) }
      } catch is CancellationError {
        throw CancellationError()
      } catch {
        try await channel.send(element: .failed(UncheckedError(error: error)))
        return
      }
      try await channel.send(element: .done(index))
    }
  }

  /// Starts a child coroutine that relays what `body` sends.
  @discardableResult
  func launch(_ body: @escaping @Sendable () async throws -> Void) -> Job { scope.launch(body) }

  /// Sends `event` from a child coroutine.
  func send(_ event: Event) async throws { try await channel.send(element: .event(event)) }

  /// The next thing a child relayed; a source's failure is thrown.
  func next() async throws -> Relayed<Event> {
    guard let next = try await iterator.next() else { throw CancellationError() }  // never closed
    if case .failed(let failure) = next { throw failure.error }
    return next
  }
}

/// Runs `body` with a relay whose children are cancelled and awaited when it ends, however it ends.
func withFlowRelay<Event: Sendable>(
  of type: Event.Type = Event.self, _ body: (FlowRelay<Event>) async throws -> Void
) async throws {
  let channel = Channel<Relayed<Event>>(capacity: .rendezvous)
  let relay = FlowRelay(
    scope: CoroutineScope(job: Job(), exceptionHandler: { _ in }), channel: channel,
    iterator: channel.makeAsyncIterator())
  defer { channel.cancel() }
  do {
    try await body(relay)
  } catch {
    relay.scope.cancel()
    try? await relay.scope.job.join(cancellable: false)
    throw error
  }
  relay.scope.cancel()
  try await relay.scope.job.join(cancellable: false)
}
