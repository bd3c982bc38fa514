import CInterop
import KotlinFixtures
import Locking

// Baseline B models the per-element rendezvous of Kotlin's Swift export and of
// KMP-NativeCoroutines: Kotlin collects with no buffer, each `next()` parks one
// `CheckedContinuation` and requests exactly one element, and the callback resumes it. The
// producer never runs ahead, so memory is flat, and every element costs a round trip between the
// consumer and a Kotlin worker thread. Written competently: `next(isolation:)` so a @MainActor
// loop does not hop off the main actor, no allocation per element beyond the continuation, the
// collection cancelled with the task and its handle released exactly once.

/// `flow` as an `AsyncSequence` with one continuation per element.
struct BaselineBSequence<Element: BenchElement>: AsyncSequence {
  typealias Failure = any Error
  let flow: KotlinRef

  func makeAsyncIterator() -> Iterator { Iterator(collection: BaselineBCollection(flow)) }

  struct Iterator: AsyncIteratorProtocol {
    let collection: BaselineBCollection<Element>

    mutating func next(isolation actor: isolated (any Actor)?) async throws -> Element? {
      try await collection.next(isolation: actor)
    }

    mutating func next() async throws -> Element? { try await next(isolation: nil) }
  }
}

/// One collection, owned by the iterator: the consumer side (`handle`, `done`) is touched only by
/// the iterator's one consumer; what the callbacks touch lives in `Receiver`'s lock.
final class BaselineBCollection<Element: BenchElement> {
  private let flow: KotlinRef
  private let receiver = Receiver()
  private var handle: shared_Collection?
  private var done = false

  init(_ flow: KotlinRef) { self.flow = flow }

  deinit { release() }

  func next(isolation actor: isolated (any Actor)?) async throws -> Element? {
    if done { return nil }
    let handle = try started()
    do {
      let element = try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation(isolation: actor) { continuation in
          receiver.park(continuation)
          _ = shared_Collection_request(handle)
        }
      } onCancel: {
        _ = shared_Collection_cancel(handle)
      }
      if element == nil { finish() }
      return element
    } catch {
      finish()
      throw error
    }
  }

  private func started() throws -> shared_Collection {
    if let handle { return handle }
    switch receiver.start(flow, policy: .rendezvous) {
    case .success(let handle):
      self.handle = handle
      return handle
    case .failure(let error):
      done = true
      throw error
    }
  }

  private func finish() {
    done = true
    release()
  }

  private func release() {
    guard let handle else { return }
    self.handle = nil
    _ = shared_Collection_release(handle)  // implies cancel if the end was not reached
  }

  private final class Receiver: RawCollector, @unchecked Sendable {  // state is behind its lock
    // @unchecked Sendable: all mutable state is inside `state`.
    typealias Waiter = CheckedContinuation<Element?, any Error>
    private struct State {
      var waiter: Waiter?
      var end: Result<Element?, any Error>?
    }
    private let state = Locked(State())

    /// Parks the consumer until the requested element (or the end) arrives.
    func park(_ waiter: Waiter) {
      let end = state.withLock { state -> Result<Element?, any Error>? in
        if let end = state.end { return end }
        state.waiter = waiter
        return nil
      }
      if let end { waiter.resume(with: end) }
    }

    override func receive(_ items: UnsafePointer<shared_Value>, count: Int) {
      let element = Element.decode(items[0])  // rendezvous: exactly one item per request
      state.withLock { $0.waiter.take() }?.resume(returning: element)
    }

    override func receive(_ terminal: shared_Terminal) {
      let end: Result<Element?, any Error> = RawCollector.error(of: terminal).map { .failure($0) } ?? .success(nil)
      state.withLock { state in
        state.end = end
        return state.waiter.take()
      }?.resume(with: end)
    }
  }
}
