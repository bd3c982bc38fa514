/// The loop ceiling: the consumer loop every strategy is measured with, over an `AsyncSequence`
/// whose iterator returns elements of an array without ever suspending. No Kotlin, no hand-over:
/// what the loop itself costs, so the report can show each strategy as a fraction of the most any
/// adaptor could reach on this machine.
struct ArrayAsyncSequence<Element: Sendable>: AsyncSequence, Sendable {
  typealias Failure = Never
  let elements: [Element]

  func makeAsyncIterator() -> Iterator { Iterator(elements: elements) }

  struct Iterator: AsyncIteratorProtocol {
    let elements: [Element]
    var index = 0

    @inline(__always)
    mutating func next(isolation actor: isolated (any Actor)?) async -> Element? {
      guard index < elements.count else { return nil }
      defer { index += 1 }
      return elements[index]
    }

    mutating func next() async -> Element? { await next(isolation: nil) }
  }
}

/// Drains the elements through the ceiling sequence on the chosen consumer.
func drainCeiling<Element: BenchElement>(_ elements: [Element], on consumer: Consumer) async throws -> Drained {
  let sequence = ArrayAsyncSequence(elements: elements)
  switch consumer {
  case .offMain:
    return try await Task.detached { try await drain(sequence, isolation: nil) }.value
  case .mainActor:
    return try await Task { @MainActor in try await drain(sequence, isolation: MainActor.shared) }.value
  }
}
