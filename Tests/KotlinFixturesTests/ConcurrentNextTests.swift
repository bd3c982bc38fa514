import KotlinFixtures
import Testing

/// An iterator has one consumer. Two `next()` calls waiting at once on the same iterator must fail
/// fast with `KotlinInteropError.Code.concurrentNext` — never hang, never deliver one element twice.
@Suite("Two concurrent next() on one iterator", .timeLimit(.minutes(1)))
struct ConcurrentNextTests {
  private enum Outcome: Sendable {
    case value(Int32?)
    case concurrentNext(description: String)
    case other(String)
  }

  private static func outcome(of box: UncheckedIteratorBox<Int32>) async -> Outcome {
    do {
      return .value(try await box.next())
    } catch let error as KotlinInteropError where error.code == .concurrentNext {
      return .concurrentNext(description: error.description)
    } catch {
      return .other(String(describing: error))
    }
  }

  @Test("the second waiter fails at once with concurrentNext; the first gets the next value")
  func secondWaiterFails() async throws {
    try await withLeakCheckedScope { _ in
      for round in 0..<100 {
        let subject = Subject()
        let iterator = subject.counter.asAsyncSequence().makeAsyncIterator()
        let initial = try await iterator.next()  // the collection runs; nothing more until the counter changes
        #expect(initial == 0)
        let shared = UncheckedIteratorBox(iterator)
        let passed = try await withThrowingTaskGroup(of: Outcome.self) { group in
          group.addTask { await Self.outcome(of: shared) }
          group.addTask { await Self.outcome(of: shared) }
          // Nothing can arrive before the counter changes, so the call that came second finishes first.
          let first = try await group.next()
          guard case .concurrentNext(let description) = first else {
            Issue.record("round \(round): expected concurrentNext first, got \(String(describing: first))")
            subject.counter.value = 1  // release the other waiter
            return false
          }
          #expect(description.hasPrefix("KotlinInteropError.concurrentNext: next() was called while another next()"))
          subject.counter.value = 1
          let second = try await group.next()
          guard case .value(let value) = second, value == 1 else {
            Issue.record("round \(round): expected the value 1, got \(String(describing: second))")
            return false
          }
          return true
        }
        if !passed { break }
      }
    }
  }

  @Test("after a concurrentNext error the iterator keeps working for its consumer")
  func iteratorSurvivesMisuse() async throws {
    try await withLeakCheckedScope { _ in
      let subject = Subject()
      let iterator = subject.counter.asAsyncSequence().makeAsyncIterator()
      _ = try await iterator.next()
      let shared = UncheckedIteratorBox(iterator)
      let values = try await withThrowingTaskGroup(of: Outcome.self) { group in
        group.addTask { await Self.outcome(of: shared) }
        group.addTask { await Self.outcome(of: shared) }
        _ = try await group.next()  // the concurrentNext failure (checked by the test above)
        subject.counter.value = 1
        _ = try await group.next()
        var values: [Int32?] = []
        for next: Int32 in [2, 3] {
          subject.counter.value = next
          values.append(try await shared.next())
        }
        return values
      }
      #expect(values == [2, 3])
    }
  }
}
