/// A Kotlin flow as an `AsyncSequence` whose iterator throws Kotlin exceptions.
///
/// - Each `makeAsyncIterator()` collects the flow anew (a cold flow runs again); collection starts
///   at the iterator's first `next()`.
/// - Leaving the loop (`break`, `return`, `throw`), dropping the iterator or cancelling the task
///   cancels the Kotlin collection: its `finally` runs and every stable reference is released.
/// - A Kotlin exception is thrown as ``KotlinException``; Kotlin-side cancellation as
///   `CancellationError`. After the end, `next()` returns `nil`.
/// - With a buffering policy other than rendezvous, elements cross in batches and buffered ones are
///   returned without suspending, so a `@MainActor` loop does not hop per element.
/// - An iterator has one consumer: a second `next()` while one is waiting throws
///   ``KotlinInteropError/Code/concurrentNext``.
///
/// ```swift
/// @MainActor func show(_ store: Store) async throws {
///   for try await value in store.state.asAsyncSequence() { label = "\(value)" }
/// }
/// ```
public struct KotlinFlowSequence<Element>: AsyncSequence, Sendable {
  public typealias Failure = any Error

  package let flow: KotlinRef  // package: SKIERuntime identifies a flow by its Kotlin object, as SKIE does
  let codec: KotlinValueCodec<Element>
  /// The buffering between the Kotlin producer and this sequence's iterators.
  public let bufferingPolicy: KotlinBufferingPolicy

  package init(flow: KotlinRef, codec: KotlinValueCodec<Element>, bufferingPolicy: KotlinBufferingPolicy) {
    self.flow = flow
    self.codec = codec
    self.bufferingPolicy = bufferingPolicy
  }

  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(storage: FlowCollectionStorage(flow: flow, codec: codec, policy: bufferingPolicy))
  }

  public struct AsyncIterator: AsyncIteratorProtocol {
    /// Cancels the collection when the last copy of the iterator goes away.
    @usableFromInline
    final class Lifetime {
      @usableFromInline let storage: FlowCollectionStorage<Element>
      init(storage: FlowCollectionStorage<Element>) { self.storage = storage }
      deinit { storage.cancel() }
    }

    @usableFromInline let lifetime: Lifetime
    // The batch being handed out. The iterator has one consumer, so it needs no lock: elements of
    // a batch are returned without suspending, locking or looking anything up.
    @usableFromInline var batch: [Element] = []
    @usableFromInline var index = 0
    // Under a test host, every element is handed over in a job of its own (see FlowElementPacer).
    @usableFromInline var pacer: FlowElementPacer?
    @usableFromInline var pacerLookedUp = false

    init(storage: FlowCollectionStorage<Element>) {
      lifetime = Lifetime(storage: storage)
    }

    @inlinable
    public mutating func next(isolation actor: isolated (any Actor)?) async throws -> Element? {
      if !pacerLookedUp {
        pacer = FlowElementPacer.current()  // the iterator's one consumer task is this one
        pacerLookedUp = true
      }
      guard let pacer else { return try await nextElement(isolation: actor) }
      let mark = pacer.mark()
      let element = try await nextElement(isolation: actor)
      if element != nil { await pacer.pace(since: mark) }
      return element
    }

    @inlinable
    mutating func nextElement(isolation actor: isolated (any Actor)?) async throws -> Element? {
      // Cancellation is checked before every element, not once per batch: the loop body may be
      // slow (printing, a main-actor update), so a per-batch check would make the latency grow with
      // the batch (up to the buffer's capacity). This way a cancelled consumer stops within one
      // element's worth of its own work; the rest of the batch is dropped and nextFromStorage
      // reports the cancellation once the Kotlin side has run its `finally`.
      if index < batch.count, !Task.isCancelled {
        defer { index += 1 }
        return batch[index]
      }
      return try await nextFromStorage(isolation: actor)
    }

    @inlinable
    public mutating func next() async throws -> Element? {
      try await next(isolation: nil)
    }

    @usableFromInline
    mutating func nextFromStorage(isolation actor: isolated (any Actor)?) async throws -> Element? {
      batch = []
      index = 0
      guard let next = try await lifetime.storage.nextBatch(isolation: actor) else { return nil }
      batch = next
      index = 1
      return next[0]
    }
  }
}

@available(*, unavailable)
extension KotlinFlowSequence.AsyncIterator: Sendable {}
