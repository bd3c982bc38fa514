import CInterop
import KotlinFixtures
import Locking

// Baseline A models the callback wrapper of seed 001 and of most blog posts: Kotlin collects into
// an unbounded buffer, a C callback yields every element into an `AsyncThrowingStream`
// continuation (whose buffer is unbounded too) and asks for the next batch from inside the
// callback. The producer never waits for the consumer, so memory follows the consumer's lag.
// Written competently: no per-element allocation beyond the stream's own, no extra hops, the
// collection is cancelled when the consumer goes away and its handle released exactly once.

/// `flow` as an `AsyncThrowingStream`, one `yield` per element.
func baselineAStream<Element: BenchElement>(
  _ flow: KotlinRef, of type: Element.Type = Element.self
) -> AsyncThrowingStream<Element, any Error> {
  AsyncThrowingStream(Element.self, bufferingPolicy: .unbounded) { continuation in
    let collector = BaselineACollector(continuation)
    switch collector.start(flow, policy: .unbounded) {
    case .failure(let error): continuation.finish(throwing: error)
    case .success(let handle): collector.begin(handle)
    }
  }
}

private final class BaselineACollector<Element: BenchElement>: RawCollector, @unchecked Sendable {  // see below
  // @unchecked Sendable: `handle` is written once, before the first request, which orders it
  // before every callback and before `onTermination`; `users` is behind its lock.
  private let continuation: AsyncThrowingStream<Element, any Error>.Continuation
  private var handle = shared_Collection(pinned: nil)
  // The handle is released by the later of the terminal event and the stream's termination.
  private let users = Locked(2)

  init(_ continuation: AsyncThrowingStream<Element, any Error>.Continuation) {
    self.continuation = continuation
  }

  func begin(_ handle: shared_Collection) {
    self.handle = handle
    continuation.onTermination = { [self] termination in
      if case .cancelled = termination { _ = shared_Collection_cancel(handle) }
      useDone()
    }
    _ = shared_Collection_request(handle)
  }

  override func receive(_ items: UnsafePointer<shared_Value>, count: Int) {
    for index in 0..<count { continuation.yield(Element.decode(items[index])) }
    _ = shared_Collection_request(handle)
  }

  override func receive(_ terminal: shared_Terminal) {
    let error = RawCollector.error(of: terminal)
    useDone()
    if let error { continuation.finish(throwing: error) } else { continuation.finish() }
  }

  private func useDone() {
    if users.withLock({
      $0 -= 1; return $0 == 0
    }) {
      _ = shared_Collection_release(handle)
    }
  }
}
