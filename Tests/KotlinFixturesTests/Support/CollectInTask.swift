/// Iterates `sequence` to its end in a task of its own, as Swift export's execution tests do;
/// returns what the loop got (or threw) and whether the task ended cancelled.
func collectInTask<S: AsyncSequence & Sendable>(_ sequence: S) async -> (Result<[S.Element], any Error>, Bool)
where S.Element: Sendable {
  let task = Task<[S.Element], any Error> {
    var actual: [S.Element] = []
    for try await element in sequence { actual.append(element) }
    return actual
  }
  return (await task.result, task.isCancelled)
}
