import KotlinFixtures

/// Shares ONE flow iterator between tasks — deliberately wrong usage, to test that the adaptor
/// detects two concurrent `next()` calls (`KotlinInteropError.Code.concurrentNext`) instead of
/// hanging or corrupting state.
///
/// @unchecked Sendable: the iterator is not Sendable, by design (one consumer per iterator). The box
/// only hands out copies of it; every copy shares the same collection storage, whose state the
/// adaptor guards with a lock, so the misuse this enables is exactly the one under test.
final class UncheckedIteratorBox<Element>: @unchecked Sendable {
  let iterator: KotlinFlowSequence<Element>.AsyncIterator

  init(_ iterator: KotlinFlowSequence<Element>.AsyncIterator) {
    self.iterator = iterator
  }

  /// `next()` on a copy of the shared iterator (same underlying collection).
  func next() async throws -> Element? {
    let copy = iterator
    return try await copy.next()
  }
}
