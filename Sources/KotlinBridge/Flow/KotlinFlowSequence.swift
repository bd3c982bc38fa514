import CTaskShims

/// A Kotlin flow as an `AsyncSequence` whose iterator throws Kotlin exceptions.
///
/// - Each `makeAsyncIterator()` collects the flow anew (a cold flow runs again); collection starts
///   at the iterator's first `next()`.
/// - Leaving the loop (`break`, `return`, `throw`), dropping the iterator or cancelling the task
///   cancels the Kotlin collection: its `finally` runs and every stable reference is released.
/// - A Kotlin exception is thrown as an instance of its exported class
///   (``ExportedKotlinPackages/kotlin/Throwable`` or a subclass); Kotlin-side cancellation as
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

  public func makeAsyncIterator() -> Iterator {
    Iterator(storage: FlowCollectionStorage(flow: flow, codec: codec, policy: bufferingPolicy))
  }

  /// The iterator: a class, as in Swift export, so `let iterator = sequence.makeAsyncIterator()`
  /// can be advanced with `try await iterator.next()`. Dropping the last reference cancels the
  /// Kotlin collection.
  public final class Iterator: AsyncIteratorProtocol {
    public typealias Failure = any Error

    @usableFromInline let storage: FlowCollectionStorage<Element>
    // The iterator's state. The iterator has one consumer, so it needs no lock; the state is out of
    // line so that reading it costs no exclusivity check (a class's stored `var` would): the
    // elements of a batch are returned without suspending, locking or looking anything up.
    @usableFromInline let cursor: UnsafeMutablePointer<Cursor>

    @usableFromInline
    struct Cursor {
      // The batch being handed out.
      @usableFromInline var batch: [Element] = []
      @usableFromInline var index = 0
      // Whether a test host paces this iterator (every element handed over in a job of its own, see
      // FlowElementPacer): one Bool for the hot path to test, where testing the optional pacer would
      // copy it (an existential) per element. Set at the first next(), while the batch is still
      // empty, so the hot path never runs before the pacer was looked up.
      @usableFromInline var paced = false
      @usableFromInline var pacer: FlowElementPacer?
      @usableFromInline var pacerLookedUp = false

      @usableFromInline init() {}
    }

    init(storage: FlowCollectionStorage<Element>) {
      self.storage = storage
      cursor = .allocate(capacity: 1)
      cursor.initialize(to: Cursor())
    }

    deinit {
      storage.cancel()
      cursor.deinitialize(count: 1)
      cursor.deallocate()
    }

    /// The next element, `nil` after the end; throws the flow's exception.
    @inlinable
    public func next(isolation actor: isolated (any Actor)?) async throws -> Element? {
      // The hot path, an element of the current batch, is synchronous: no call to another async
      // function (each would check the executor on entry), no lookup, no lock.
      let index = cursor.pointee.index
      if index < cursor.pointee.batch.count, !cursor.pointee.paced, !cts_currentTaskIsCancelled() {
        cursor.pointee.index = index + 1
        return cursor.pointee.batch[index]
      }
      return try await nextSlowPath(isolation: actor)
    }

    /// Everything but the hot path: the first element, a paced iterator, the end of a batch, a
    /// cancelled task.
    @usableFromInline
    func nextSlowPath(isolation actor: isolated (any Actor)?) async throws -> Element? {
      if !cursor.pointee.pacerLookedUp {
        cursor.pointee.pacer = FlowElementPacer.current()  // the iterator's one consumer task is this one
        cursor.pointee.paced = cursor.pointee.pacer != nil
        cursor.pointee.pacerLookedUp = true
      }
      guard let pacer = cursor.pointee.pacer else { return try await nextElement(isolation: actor) }
      let mark = pacer.mark()
      let element = try await nextElement(isolation: actor)
      if element != nil { await pacer.pace(since: mark) }
      return element
    }

    // Inlined, as nextFromStorage, into nextSlowPath: every async call on the way to the next batch
    // checks the executor on entry and on return, per batch.
    @inline(__always)
    func nextElement(isolation actor: isolated (any Actor)?) async throws -> Element? {
      // Cancellation is checked before every element, not once per batch: the loop body may be
      // slow (printing, a main-actor update), so a per-batch check would make the latency grow with
      // the batch (up to the buffer's capacity). This way a cancelled consumer stops within one
      // element's worth of its own work; the rest of the batch is dropped and nextFromStorage
      // reports the cancellation once the Kotlin side has run its `finally`. The check is the
      // runtime's own query (CTaskShims): `Task.isCancelled` cost a quarter of a bulk flow's time.
      let index = cursor.pointee.index
      if index < cursor.pointee.batch.count, !cts_currentTaskIsCancelled() {
        cursor.pointee.index = index + 1
        return cursor.pointee.batch[index]
      }
      return try await nextFromStorage(isolation: actor)
    }

    /// The next element, `nil` after the end; throws the flow's exception.
    @inlinable
    public func next() async throws -> Element? {
      try await next(isolation: nil)
    }

    @inline(__always)
    func nextFromStorage(isolation actor: isolated (any Actor)?) async throws -> Element? {
      // The cursor is written only after the storage answered: a second, concurrent `next()` (a
      // misuse the storage refuses with concurrentNext) then never writes it. A batch that is ready
      // is taken without an async call.
      let answer: [Element]?
      if let ready = try storage.readyBatch() {
        answer = ready
      } else {
        answer = try await storage.waitForBatch(isolation: actor)
      }
      guard let next = answer else {
        cursor.pointee.batch = []
        cursor.pointee.index = 0
        return nil
      }
      cursor.pointee.batch = next
      cursor.pointee.index = 1
      return next[0]
    }
  }
}

@available(*, unavailable)
extension KotlinFlowSequence.Iterator: Sendable {}

/// Source compatibility with KMP-NativeCoroutines during a migration to Swift export, as Swift
/// export provides it: the flow as an `AsyncSequence`.
///
/// ```swift
/// for try await element in asyncSequence(for: elements()) { print(element) }
/// ```
@available(*, deprecated, message: "Use `asAsyncSequence()` from Swift Export")
public func asyncSequence<T>(for flow: any KotlinTypedFlow<T>) -> KotlinFlowSequence<T> {
  flow.asAsyncSequence()
}
