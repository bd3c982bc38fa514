import KotlinFixtures

/// Everything one iteration of a sequence produced: its elements and how it ended.
struct Drained<Element> {
  var elements: [Element]
  /// `nil` when the sequence finished normally.
  var error: (any Error)?
}

/// Iterates `flow` with `policy` to its end, keeping the error instead of throwing it.
func drain<Element>(_ flow: any KotlinTypedFlow<Element>, _ policy: KotlinBufferingPolicy = .rendezvous) async
  -> Drained<Element>
{
  var result = Drained<Element>(elements: [], error: nil)
  do {
    for try await element in flow.asAsyncSequence(bufferingPolicy: policy) { result.elements.append(element) }
  } catch {
    result.error = error
  }
  return result
}

/// Iterates `flow` with `policy` to its end.
func collect<Element>(_ flow: any KotlinTypedFlow<Element>, _ policy: KotlinBufferingPolicy = .rendezvous)
  async throws -> [Element]
{
  var elements: [Element] = []
  for try await element in flow.asAsyncSequence(bufferingPolicy: policy) { elements.append(element) }
  return elements
}

/// Whether `elements` is `whole` with some elements left out (order kept), as conflation allows.
func isSubsequence<Element: Equatable>(_ elements: [Element], of whole: [Element]) -> Bool {
  var remaining = whole[...]
  for element in elements {
    guard let index = remaining.firstIndex(of: element) else { return false }
    remaining = remaining[(index + 1)...]
  }
  return true
}

/// Whether every element is greater than the one before it.
func isStrictlyIncreasing<Element: Comparable>(_ elements: [Element]) -> Bool {
  zip(elements, elements.dropFirst()).allSatisfy { $0 < $1 }
}
